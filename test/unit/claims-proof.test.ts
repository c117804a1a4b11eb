import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { identityVerifications } from '~/db/schema-trust'
import { readMailbox } from '~/domain/mail/mail.server'
import { mergeStatements } from '~/domain/merge/statements.server'
import {
  auditOf,
  byGovbr,
  byOab,
  claim,
  claimRow,
  db,
  formatCpf,
  lawyerPerson,
  personWithCpf,
  randomCpf,
  rename,
  surname,
  verifyWithGovbr,
} from './claims-helpers'
import { cookiesFrom, createUser, eventually, get, sessionCookie } from './helpers'

describe('"Este sou eu" needs proof the public cannot copy (issue 27, item 3)', () => {
  it('a user renamed to the person, with the OAB printed on her public lawsuit, lands in review', async () => {
    const name = `Marta ${surname()} Lins`
    const { person } = await lawyerPerson(name)
    const impostor = await createUser({ name: `Outro ${surname()}` })
    const cookie = await sessionCookie(impostor.id)
    // Renaming needs no password; the OAB is on the public lawsuit page.
    expect((await rename(cookie, impostor.email, name)).status).toBe(200)
    const response = await claim(cookie, person.id, byOab)
    expect(await response.json()).toMatchObject({
      status: 'success',
      reivindicacao: { status: 'em_analise' },
      message: expect.stringContaining('fica em análise'),
    })
    // What the documents showed is kept for the reviewer, never as proof.
    expect((await claimRow(person.id))?.matched).toMatchObject({
      name: true,
      document: { source: 'processo' },
    })
    const page = await (await get(`/pessoas/${person.slug}`)).text()
    expect(page).not.toContain('Perfil profissional de')
    // A typed CPF printed in a public matéria is public data too.
    const other = `Nair ${surname()} Faro`
    const cpf = randomCpf()
    const p2 = await personWithCpf(other, cpf)
    const second = await createUser({ name: other })
    const typed = await claim(await sessionCookie(second.id), p2.id, { tipo: 'cpf', cpf: formatCpf(cpf) })
    expect(await typed.json()).toMatchObject({ reivindicacao: { status: 'em_analise' } })
  })

  it('an identity gov.br verified, whose name and CPF the corpus holds for the person, is accepted at once', async () => {
    const name = `Clara ${surname()} Vaz`
    const cpf = randomCpf()
    const person = await personWithCpf(name, cpf)
    // The account's own name does not matter: the verified identity does.
    const user = await createUser({ name: `Conta ${surname()}` })
    const cookie = await sessionCookie(user.id)
    const back = await verifyWithGovbr(
      cookie,
      formatCpf(cpf),
      name.toUpperCase(),
      `/pessoas/${person.slug}/este-sou-eu`,
    )
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe(`/pessoas/${person.slug}/este-sou-eu`)
    const [stored] = await db()
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, user.id))
    expect(stored).toMatchObject({ provider: 'govbr', cpf, name: name.toUpperCase() })
    // The form says what it is and never shows the whole CPF.
    const form = await (
      await get(`/pessoas/${person.slug}/este-sou-eu`, { headers: { Cookie: cookie } })
    ).text()
    expect(form).toContain(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`)
    expect(form).not.toContain(formatCpf(cpf))
    expect(form).not.toContain(cpf)

    const response = await claim(cookie, person.id, byGovbr)
    expect(await response.json()).toMatchObject({ status: 'success', reivindicacao: { status: 'aceita' } })
    const row = await claimRow(person.id)
    expect(row).toMatchObject({ status: 'aceita', evidenceKind: 'govbr' })
    expect(row?.evidenceValue).not.toContain(cpf)
    expect(row?.matched.identity).toEqual({ name: true, cpf: true, masked: false })
    expect((await auditOf(row?.id ?? 0)).map((a) => [a.action, a.actorId])).toEqual([['aceitar', user.id]])
    const page = await (await get(`/pessoas/${person.slug}`)).text()
    expect(page).toContain(`Perfil profissional de ${user.name}`)
  })

  it('a masked CPF in the matéria (***.456.789-**) counts when its six digits are the verified ones', async () => {
    const name = `Dora ${surname()} Leal`
    const cpf = randomCpf()
    const person = await personWithCpf(name, cpf, true)
    const user = await createUser({ name })
    const cookie = await sessionCookie(user.id)
    await verifyWithGovbr(cookie, cpf, name)
    expect(await (await claim(cookie, person.id, byGovbr)).json()).toMatchObject({
      reivindicacao: { status: 'aceita' },
    })
    expect((await claimRow(person.id))?.matched.identity).toEqual({ name: true, cpf: true, masked: true })
  })

  it('a verified identity of another name or another CPF goes to review; no verification is refused', async () => {
    const name = `Rui ${surname()} Paz`
    const cpf = randomCpf()
    const person = await personWithCpf(name, cpf)
    // Another CPF, the right name (a homonym).
    const homonym = await createUser({ name })
    const homonymCookie = await sessionCookie(homonym.id)
    await verifyWithGovbr(homonymCookie, randomCpf(), name)
    expect(await (await claim(homonymCookie, person.id, byGovbr)).json()).toMatchObject({
      reivindicacao: { status: 'em_analise' },
    })
    expect((await claimRow(person.id, homonym.id))?.matched.identity).toEqual({
      name: true,
      cpf: false,
      masked: false,
    })
    // The right CPF under another verified name.
    const other = `Gil ${surname()} Sá`
    const cpf2 = randomCpf()
    const p2 = await personWithCpf(other, cpf2)
    const wrongName = await createUser({ name: other })
    const wrongCookie = await sessionCookie(wrongName.id)
    await verifyWithGovbr(wrongCookie, cpf2, `Outro ${surname()}`)
    expect(await (await claim(wrongCookie, p2.id, byGovbr)).json()).toMatchObject({
      reivindicacao: { status: 'em_analise' },
    })
    // Choosing gov.br without a verification is a clear 422.
    const unverified = await sessionCookie((await createUser({ name: other })).id)
    const refused = await claim(unverified, p2.id, byGovbr)
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({
      errors: ['Verifique sua identidade com o gov.br antes de escolher esta forma.'],
    })
    // One account per CPF: the same citizen cannot verify a second account.
    const twice = await verifyWithGovbr(unverified, cpf2, other)
    expect(twice.status).toBe(303)
    const shown = await get(twice.headers.get('location') ?? '', {
      headers: { Cookie: `${unverified}; ${cookiesFrom(twice)}` },
    })
    const flash = await shown.text()
    expect(flash).toContain('Este CPF já verificou outra conta.')
  })

  it('a rename suspends an accepted claim: no profile link, nothing listed; gov.br again reinstates it', async () => {
    const name = `Vera ${surname()} Melo`
    const cpf = randomCpf()
    const person = await personWithCpf(name, cpf)
    const user = await createUser({ name })
    const cookie = await sessionCookie(user.id)
    await verifyWithGovbr(cookie, cpf, name)
    await claim(cookie, person.id, byGovbr)
    const profileUrl = `http://${user.subdomain}.localhost:8787/`
    expect(await (await get(`/pessoas/${person.slug}`)).text()).toContain(`Perfil profissional de ${name}`)
    expect(await (await get(profileUrl)).text()).toContain('Nos documentos públicos')

    // Same words with other accents or case is no rename.
    expect((await rename(cookie, user.email, name.toUpperCase())).status).toBe(200)
    expect((await claimRow(person.id))?.status).toBe('aceita')
    const renamed = `Outra ${surname()}`
    expect((await rename(cookie, user.email, renamed)).status).toBe(200)
    const row = await claimRow(person.id)
    expect(row).toMatchObject({ status: 'suspensa', reason: 'O nome da conta mudou depois da vinculação.' })
    expect((await auditOf(row?.id ?? 0)).map((a) => a.action)).toEqual(['aceitar', 'suspender'])
    const page = await (await get(`/pessoas/${person.slug}`)).text()
    expect(page).not.toContain('Perfil profissional de')
    expect(await (await get(profileUrl)).text()).not.toContain('Nos documentos públicos')
    // The page stays held (the suspended claim is still this account's), and the owner is told.
    expect(await (await get(`/pessoas/${person.slug}`, { headers: { Cookie: cookie } })).text()).toContain(
      'A vinculação desta página está suspensa',
    )
    await eventually(async () =>
      (await readMailbox(env.SESSIONS, user.email)).find((m) => m.subject.startsWith('Vinculação suspensa')),
    )

    await verifyWithGovbr(cookie, cpf, name)
    expect((await claimRow(person.id))?.status).toBe('aceita')
    expect(await (await get(`/pessoas/${person.slug}`)).text()).toContain(`Perfil profissional de ${renamed}`)
  })

  it('a merge into an account of another name suspends the moved claim, and the proof goes with it', async () => {
    const name = `Lu ${surname()} Brito`
    const cpf = randomCpf()
    const person = await personWithCpf(name, cpf)
    const closed = await createUser({ name })
    const closedCookie = await sessionCookie(closed.id)
    await verifyWithGovbr(closedCookie, cpf, name)
    await claim(closedCookie, person.id, byGovbr)
    const survivor = await createUser({ name: `Outro ${surname()}` })
    const statements = mergeStatements(db(), survivor.id, closed.id, Date.now())
    await db().batch(statements as [(typeof statements)[number], ...typeof statements])
    const row = await claimRow(person.id)
    expect(row).toMatchObject({ userId: survivor.id, status: 'suspensa' })
    expect((await auditOf(row?.id ?? 0)).map((a) => a.action)).toEqual(['aceitar', 'suspender'])
    expect(await (await get(`/pessoas/${person.slug}`)).text()).not.toContain('Perfil profissional de')
    const [moved] = await db().select().from(identityVerifications).where(eq(identityVerifications.cpf, cpf))
    expect(moved?.userId).toBe(survivor.id)
  })
})
