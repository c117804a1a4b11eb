import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { personClaims } from '~/db/schema-claims'
import { removeLapsedClaims } from '~/domain/claims/claims.server'
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
  surname,
  verifyWithGovbr,
} from './claims-helpers'
import { createUser, deps, get, sessionCookie } from './helpers'

describe('claim squatting (issue 27, item 4)', () => {
  it('a pending claim never blocks the real person; her acceptance closes it with a recorded reason', async () => {
    const name = `Ana ${surname()} Rocha`
    const cpf = randomCpf()
    const person = await personWithCpf(name, cpf)
    const squatter = await createUser({ name: `Bogus ${surname()}` })
    const squatterCookie = await sessionCookie(squatter.id)
    expect(await (await claim(squatterCookie, person.id, byOab)).json()).toMatchObject({
      reivindicacao: { status: 'em_analise' },
    })
    // Still offered to everyone else.
    expect(await (await get(`/pessoas/${person.slug}`)).text()).toContain('Este sou eu')

    const owner = await createUser({ name })
    const ownerCookie = await sessionCookie(owner.id)
    await verifyWithGovbr(ownerCookie, cpf, name)
    const response = await claim(ownerCookie, person.id, byGovbr)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ reivindicacao: { status: 'aceita' } })
    const closed = await claimRow(person.id, squatter.id)
    expect(closed).toMatchObject({ status: 'encerrada', reason: 'Outro pedido para esta página foi aceito.' })
    expect((await auditOf(closed?.id ?? 0)).map((a) => [a.action, a.reason])).toEqual([
      ['encerrar', 'Outro pedido para esta página foi aceito.'],
    ])
    // Only one accepted claim per page, even written straight into the table.
    await expect(
      db()
        .insert(personClaims)
        .values({
          personId: person.id,
          userId: squatter.id,
          status: 'aceita',
          evidenceKind: 'oab',
          evidenceValue: '1/SP',
          matched: { name: false, document: null },
        }),
    ).rejects.toThrow()
    // A second pending claim of the page is fine (pending claims never block each other)…
    const third = await sessionCookie((await createUser({ name: `Tri ${surname()}` })).id)
    const { person: free } = await lawyerPerson(`Bel ${surname()} Dias`)
    await claim(squatterCookie, free.id, byOab)
    expect(await (await claim(third, free.id, byOab)).json()).toMatchObject({
      reivindicacao: { status: 'em_analise' },
    })
    // …and the account keeps one live claim.
    const twice = await claim(third, person.id, byOab)
    expect(twice.status).toBe(409)
  })

  it('a pending claim is accepted when its claimant then verifies with gov.br (from the person page)', async () => {
    const name = `Iara ${surname()} Gomes`
    const cpf = randomCpf()
    const person = await personWithCpf(name, cpf)
    const user = await createUser({ name })
    const cookie = await sessionCookie(user.id)
    await claim(cookie, person.id, { tipo: 'cpf', cpf: formatCpf(cpf) })
    const page = await (await get(`/pessoas/${person.slug}`, { headers: { Cookie: cookie } })).text()
    expect(page).toContain('Verificar identidade com gov.br')
    const back = await verifyWithGovbr(cookie, cpf, name, `/pessoas/${person.slug}`)
    expect(back.headers.get('location')).toBe(`/pessoas/${person.slug}`)
    expect(await claimRow(person.id)).toMatchObject({ status: 'aceita', evidenceKind: 'govbr' })
    expect((await claimRow(person.id))?.evidenceValue).not.toContain(cpf)
    expect(await (await get(`/pessoas/${person.slug}`)).text()).toContain(`Perfil profissional de ${name}`)
  })

  it('pending claims lapse after 30 days: not shown, not counted, removed by the cron', async () => {
    const { person } = await lawyerPerson(`Eva ${surname()} Luz`)
    const user = await createUser({ name: `Velho ${surname()}` })
    const cookie = await sessionCookie(user.id)
    await claim(cookie, person.id, byOab)
    const old = Date.now() - 31 * 24 * 60 * 60 * 1000
    await db().update(personClaims).set({ createdAt: old }).where(eq(personClaims.userId, user.id))
    const page = await (await get(`/pessoas/${person.slug}`, { headers: { Cookie: cookie } })).text()
    expect(page).not.toContain('O pedido está em análise')
    expect(page).not.toContain('Há um pedido de vinculação desta página em análise.')
    // The account may ask again (the lapsed claim no longer holds its one place).
    const { person: another } = await lawyerPerson(`Ivo ${surname()} Sol`)
    expect(await (await claim(cookie, another.id, byOab)).json()).toMatchObject({
      reivindicacao: { status: 'em_analise' },
    })
    const stale = await createUser({ name: `Antigo ${surname()}` })
    await claim(await sessionCookie(stale.id), person.id, byOab)
    await db().update(personClaims).set({ createdAt: old }).where(eq(personClaims.userId, stale.id))
    await removeLapsedClaims(deps(), new Date())
    expect(await claimRow(person.id, stale.id)).toBeUndefined()
  })
})
