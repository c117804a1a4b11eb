import { describe, expect, it } from 'vitest'
import { cpfNearName, sameName } from '~/domain/claims/claims.server'
import { formatCnj } from '~/domain/corpus/cnj'
import { isValidCpf } from '~/schemas/claims'
import {
  byOab,
  claim,
  claimRow,
  grantRole,
  lawyerPerson,
  materia,
  personBySlug,
  surname,
  undo,
} from './claims-helpers'
import { createUser, get, plainPost, postJson, sessionCookie } from './helpers'

/** A valid CPF (check digits right). */
const CPF = '529.982.247-25'

/** Setup: a reviewer accepts this claim (OAB and CPF claims are never accepted on their own). */
async function acceptedByReviewer(claimId: number) {
  const reviewer = await createUser()
  await grantRole(reviewer.id)
  const response = await postJson(
    `/ajax/revisao/reivindicacoes/${claimId}/aceitar`,
    {},
    { Cookie: await sessionCookie(reviewer.id) },
  )
  expect(response.status).toBe(200)
}

describe('the rules of the documents', () => {
  it('names are the same words, accents, case and order aside; a CPF counts only near the name', () => {
    expect(sameName('Márcia de Souza Lima', 'MARCIA DE SOUZA LIMA')).toBe(true)
    expect(sameName('Lima, Márcia de Souza', 'Márcia de Souza Lima')).toBe(true)
    expect(sameName('Márcia Souza Lima', 'Márcia de Souza Lima')).toBe(false)
    expect(isValidCpf(CPF)).toBe(true)
    expect(isValidCpf('529.982.247-26')).toBe(false)
    const near = `Edital. Citação de MARCIA LIMA, CPF ${CPF}, para responder.`
    expect(cpfNearName(near, 'Márcia Lima', '52998224725')).toBe('whole')
    expect(cpfNearName(near.replace(CPF, '52998224725'), 'Márcia Lima', '52998224725')).toBe('whole')
    const far = `MARCIA LIMA ${'texto sem relação '.repeat(20)} CPF ${CPF}`
    expect(cpfNearName(far, 'Márcia Lima', '52998224725')).toBeNull()
    // The LGPD mask gazettes print: the six middle digits must be this CPF's; half masks are not CPFs.
    expect(cpfNearName(near.replace(CPF, '***.982.247-**'), 'Márcia Lima', '52998224725')).toBe('masked')
    expect(cpfNearName(near.replace(CPF, '***.982.248-**'), 'Márcia Lima', '52998224725')).toBeNull()
    expect(cpfNearName(near.replace(CPF, '529.982.247-**'), 'Márcia Lima', '52998224725')).toBeNull()
  })
})

describe('claiming a person page ("Este sou eu")', () => {
  it('an OAB claim waits for review; once a reviewer accepts, the page links to the profile, which lists the appearance', async () => {
    const name = `Márcia ${surname()} Lima`
    const { person, cnj } = await lawyerPerson(name.toUpperCase())
    const user = await createUser({ name })
    const cookie = await sessionCookie(user.id)
    const before = await (await get(`/pessoas/${person.slug}`)).text()
    expect(before).toContain('Este sou eu')
    const response = await claim(cookie, person.id, byOab)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      status: 'success',
      message: expect.stringContaining('fica em análise'),
      reivindicacao: { status: 'em_analise' },
      redirect_url: `/pessoas/${person.slug}`,
    })
    await acceptedByReviewer((await claimRow(person.id))?.id ?? 0)
    const row = await claimRow(person.id)
    expect(row).toMatchObject({
      userId: user.id,
      status: 'aceita',
      evidenceKind: 'oab',
      evidenceValue: '123456/SP',
    })
    expect(row?.matched).toMatchObject({ name: true, document: { source: 'processo', cnj: formatCnj(cnj) } })
    expect(row?.decidedAt).toBeGreaterThan(0)
    const page = await (await get(`/pessoas/${person.slug}`)).text()
    expect(page).toContain(`Perfil profissional de ${name}`)
    expect(page).toContain(`http://${user.subdomain}.localhost:8787`)
    expect(page).not.toContain('Este sou eu')
    const profile = await (await get(`http://${user.subdomain}.localhost:8787/`)).text()
    expect(profile).toContain('Nos documentos públicos')
    expect(profile).toContain(formatCnj(cnj))
  })

  it('a typed CPF found in a public matéria next to the name is recorded for the reviewer, not accepted', async () => {
    const name = `Renato ${surname()} Prado`
    const user = await createUser({ name })
    await materia(
      `claim-cpf-${name}`,
      `EDITAL. Fica intimado ${name.toUpperCase()}, CPF 52998224725, a pagar.`,
      [name],
    )
    const person = await personBySlug(name)
    const response = await claim(await sessionCookie(user.id), person.id, { tipo: 'cpf', cpf: CPF })
    expect(await response.json()).toMatchObject({
      status: 'success',
      reivindicacao: { status: 'em_analise' },
    })
    expect((await claimRow(person.id))?.matched).toMatchObject({ name: true, document: { source: 'diario' } })
    expect((await claimRow(person.id))?.evidenceValue).toBe('***.982.247-**') // kept only masked (decisions/0092)
  })

  it('keeps it in review when the account name differs, or when no document carries the evidence', async () => {
    const name = `Paula ${surname()} Neves`
    const { person } = await lawyerPerson(name)
    const other = await createUser({ name: `Outra ${surname()}` })
    const cookie = await sessionCookie(other.id)
    const response = await claim(cookie, person.id, byOab)
    expect(await response.json()).toMatchObject({
      status: 'success',
      reivindicacao: { status: 'em_analise' },
      message: expect.stringContaining('fica em análise'),
    })
    expect((await claimRow(person.id))?.matched).toMatchObject({
      name: false,
      document: { source: 'processo' },
    })
    expect(await (await get(`/pessoas/${person.slug}`, { headers: { Cookie: cookie } })).text()).toContain(
      'O pedido está em análise',
    )
    const anonymous = await (await get(`/pessoas/${person.slug}`)).text()
    expect(anonymous).toContain('Há um pedido de vinculação desta página em análise.')
    expect(anonymous).not.toContain('Perfil profissional de')

    const second = `Caio ${surname()} Reis`
    const { person: p2 } = await lawyerPerson(second)
    const owner = await createUser({ name: second })
    const wrong = await claim(await sessionCookie(owner.id), p2.id, { ...byOab, oab_numero: '999999' })
    expect(await wrong.json()).toMatchObject({ reivindicacao: { status: 'em_analise' } })
    expect((await claimRow(p2.id))?.matched).toEqual({ name: true, document: null })
  })

  it('refuses a page already accepted for another, and a second page for the same account; undo frees the page', async () => {
    const name = `Lia ${surname()} Costa`
    const { person } = await lawyerPerson(name)
    const first = await createUser({ name })
    const firstCookie = await sessionCookie(first.id)
    await claim(firstCookie, person.id, byOab)
    await acceptedByReviewer((await claimRow(person.id))?.id ?? 0)
    const intruder = await sessionCookie((await createUser({ name })).id)
    const taken = await claim(intruder, person.id, byOab)
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({
      status: 'error',
      errors: ['Esta página já foi vinculada a outra conta. Se ela é sua, fale com o suporte.'],
    })
    const { person: another } = await lawyerPerson(`Davi ${surname()} Mota`)
    const twice = await claim(firstCookie, another.id, byOab)
    expect(twice.status).toBe(409)
    expect(await twice.json()).toMatchObject({
      errors: ['Sua conta já está vinculada a outra página. Desfaça aquela vinculação para pedir esta.'],
    })
    expect((await undo(intruder, person.id)).status).toBe(404)
    const undone = await undo(firstCookie, person.id)
    expect(await undone.json()).toMatchObject({
      status: 'success',
      message: 'Vinculação desfeita. A página está livre novamente.',
    })
    expect(await claimRow(person.id)).toBeUndefined()
    expect(await (await get(`/pessoas/${person.slug}`)).text()).toContain('Este sou eu')
    expect(await (await claim(intruder, person.id, byOab)).json()).toMatchObject({ status: 'success' })
  })

  it('never matches nor mentions a secret lawsuit', async () => {
    const hidden = `Iris ${surname()} Sales`
    const { person: onlySecret, cnj: secretCnj } = await lawyerPerson(hidden, { secrecyLevel: 1 })
    const user = await createUser({ name: hidden })
    const cookie = await sessionCookie(user.id)
    const page = await (await get(`/pessoas/${onlySecret.slug}`)).text()
    expect(page).not.toContain('Este sou eu')
    const refused = await claim(cookie, onlySecret.id, byOab)
    expect(refused.status).toBe(403)
    const refusedText = await refused.text()
    expect(refusedText).toContain('Esta página não pode ser vinculada.')
    expect(refusedText).not.toContain(secretCnj)
    expect(refusedText).not.toContain(formatCnj(secretCnj))
    const screen = await (
      await get(`/pessoas/${onlySecret.slug}/este-sou-eu`, { headers: { Cookie: cookie } })
    ).text()
    expect(screen).toContain('Esta página não pode ser vinculada.')
    expect(screen).not.toContain(formatCnj(secretCnj))

    // A public appearance, but the OAB and the CPF are only in secret places: in review, nothing said.
    const mixed = `Otto ${surname()} Brandt`
    const { cnj: secret2 } = await lawyerPerson(mixed, { secrecyLevel: 2, oab: '777777' })
    await lawyerPerson(mixed, { oab: '111111' })
    await materia(`claim-secret-${mixed}`, `Intimação de ${mixed}, CPF ${CPF}.`, [mixed], secret2)
    const person = await personBySlug(mixed)
    const owner = await sessionCookie((await createUser({ name: mixed })).id)
    const byOabSecret = await claim(owner, person.id, { ...byOab, oab_numero: '777777' })
    const text = await byOabSecret.text()
    expect(JSON.parse(text)).toMatchObject({ reivindicacao: { status: 'em_analise' } })
    expect(text).not.toContain(formatCnj(secret2))
    expect(JSON.stringify((await claimRow(person.id))?.matched)).not.toContain(formatCnj(secret2))
    await undo(owner, person.id)
    const byCpfSecret = await claim(owner, person.id, { tipo: 'cpf', cpf: CPF })
    expect(await byCpfSecret.json()).toMatchObject({ reivindicacao: { status: 'em_analise' } })
    expect((await claimRow(person.id))?.matched).toEqual({ name: true, document: null })
  })

  it('asks for login, checks the evidence, and works as a plain form post', async () => {
    const name = `Bia ${surname()} Fontes`
    const { person } = await lawyerPerson(name)
    const anonymous = await claim('', person.id, byOab)
    expect(anonymous.status).toBe(401)
    const screen = await get(`/pessoas/${person.slug}/este-sou-eu`, { redirect: 'manual' })
    expect(screen.status).toBe(302)
    expect(screen.headers.get('location')).toContain('/login?auth.redirect=')
    const cookie = await sessionCookie((await createUser({ name })).id)
    const bad = await claim(cookie, person.id, { tipo: 'cpf', cpf: '111.111.111-11' })
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ errors: ['Informe um CPF válido, com 11 dígitos.'] })
    const noUf = await claim(cookie, person.id, { tipo: 'oab', oab_numero: '12a' })
    expect((await noUf.json()) as { errors: string[] }).toMatchObject({
      errors: ['Informe o número da OAB só com dígitos (até 7).', 'Escolha o estado da sua OAB.'],
    })
    const form = await (
      await get(`/pessoas/${person.slug}/este-sou-eu`, { headers: { Cookie: cookie } })
    ).text()
    expect(form).toContain('Como conferimos')
    const plain = await plainPost(
      `/ajax/pessoas/${person.id}/reivindicar`,
      { tipo: 'oab', oab_numero: '123456', oab_uf: 'SP', cpf: '' },
      cookie,
      `/pessoas/${person.slug}/este-sou-eu`,
    )
    expect(plain.status).toBe(303)
    expect(plain.headers.get('location')).toContain(`/pessoas/${person.slug}`)
    expect((await claimRow(person.id))?.status).toBe('em_analise')
  })
})
