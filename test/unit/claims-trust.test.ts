import { env } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { personClaims } from '~/db/schema-claims'
import { auditLog, identityVerifications } from '~/db/schema-trust'
import { removeLapsedClaims } from '~/domain/claims/claims.server'
import { readMailbox } from '~/domain/mail/mail.server'
import { mergeStatements } from '~/domain/merge/statements.server'
import {
  byGovbr,
  byOab,
  claim,
  claimRow,
  db,
  formatCpf,
  grantRole,
  lawyerPerson,
  materia,
  personBySlug,
  randomCpf,
  rawDb,
  surname,
  verifyWithGovbr,
} from './claims-helpers'
import { cookiesFrom, createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'

/** A person page whose public matéria prints this CPF (whole, or masked) next to the name. */
async function personWithCpf(name: string, cpf: string, masked = false) {
  const printed = masked ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : formatCpf(cpf)
  await materia(`trust-${name}`, `EDITAL. Fica intimado ${name.toUpperCase()}, CPF ${printed}, a pagar.`, [
    name,
  ])
  return personBySlug(name)
}

const auditOf = (claimId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectKind, 'reivindicacao'), eq(auditLog.subjectId, claimId)))

const rename = (cookie: string, email: string, nome: string) =>
  postJson('/ajax/conta/perfil', { email, nome, data_nascimento: '' }, { Cookie: cookie })

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

describe('the reviewer role and its audit trail (issue 27, item 3)', () => {
  it('the queue is for reviewers: a visitor goes to login, a plain user gets 403, in Portuguese', async () => {
    const anonymous = await get('/revisao/reivindicacoes', { redirect: 'manual' })
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toContain('/login?auth.redirect=%2Frevisao%2Freivindicacoes')
    const plain = await sessionCookie((await createUser()).id)
    const page = await get('/revisao/reivindicacoes', { headers: { Cookie: plain } })
    expect(page.status).toBe(403)
    expect(await page.text()).toContain('Esta página é só para a equipe de revisão.')
    const post = await postJson('/ajax/revisao/reivindicacoes/999999999/aceitar', {}, { Cookie: plain })
    expect(post.status).toBe(403)
    expect(await post.json()).toMatchObject({ errors: ['Você não tem permissão para fazer isto.'] })
    expect((await postJson('/ajax/revisao/reivindicacoes/999999999/recusar', { motivo: 'x' })).status).toBe(
      401,
    )
  })

  it('a reviewer sees the queue oldest first, accepts and refuses with a reason; each decision is audited and told', async () => {
    const reviewer = await createUser({ name: `Revisora ${surname()}` })
    await grantRole(reviewer.id)
    const reviewerCookie = await sessionCookie(reviewer.id)
    const nameA = `Lara ${surname()} Reis`
    const { person: a } = await lawyerPerson(nameA)
    const { person: b } = await lawyerPerson(`Noa ${surname()} Cruz`)
    const claimantA = await createUser({ name: nameA })
    const claimantB = await createUser({ name: `Bruno ${surname()}` })
    await claim(await sessionCookie(claimantA.id), a.id, byOab)
    await claim(await sessionCookie(claimantB.id), b.id, byOab)
    const queue = await (await get('/revisao/reivindicacoes', { headers: { Cookie: reviewerCookie } })).text()
    expect(queue).toContain('<meta name="robots" content="noindex"/>')
    expect(queue).toContain('OAB informada: 123456/SP')
    expect(queue).toContain('O nome da conta é o nome da página.')
    expect(queue.indexOf(`Página: ${nameA}`)).toBeGreaterThan(-1)
    expect(queue.indexOf(`Página: ${nameA}`)).toBeLessThan(queue.indexOf(`Página: ${b.name}`))

    const idA = (await claimRow(a.id))?.id ?? 0
    const idB = (await claimRow(b.id))?.id ?? 0
    const noReason = await postJson(
      `/ajax/revisao/reivindicacoes/${idB}/recusar`,
      { motivo: ' ' },
      { Cookie: reviewerCookie },
    )
    expect(noReason.status).toBe(422)
    expect(await noReason.json()).toMatchObject({
      errors: ['Escreva o motivo da recusa (pelo menos 5 caracteres).'],
    })

    const accepted = await postJson(
      `/ajax/revisao/reivindicacoes/${idA}/aceitar`,
      { nota: 'OAB conferida no CNA' },
      { Cookie: reviewerCookie },
    )
    expect(await accepted.json()).toMatchObject({ status: 'success', reivindicacao: { status: 'aceita' } })
    expect(await (await get(`/pessoas/${a.slug}`)).text()).toContain(`Perfil profissional de ${nameA}`)
    const refused = await postJson(
      `/ajax/revisao/reivindicacoes/${idB}/recusar`,
      { motivo: 'O nome da conta não é o da página.' },
      { Cookie: reviewerCookie },
    )
    expect(await refused.json()).toMatchObject({ status: 'success', reivindicacao: { status: 'recusada' } })
    expect(await claimRow(b.id)).toMatchObject({
      status: 'recusada',
      reason: 'O nome da conta não é o da página.',
      decidedBy: reviewer.id,
    })
    // Decided once: a second decision finds nothing pending.
    expect(
      (await postJson(`/ajax/revisao/reivindicacoes/${idB}/aceitar`, {}, { Cookie: reviewerCookie })).status,
    ).toBe(404)

    const trail = [...(await auditOf(idA)), ...(await auditOf(idB))]
    expect(trail.map((row) => [row.actorId, row.action, row.reason])).toEqual([
      [reviewer.id, 'aceitar', 'OAB conferida no CNA'],
      [reviewer.id, 'recusar', 'O nome da conta não é o da página.'],
    ])
    expect(trail.every((row) => row.createdAt > 0)).toBe(true)
    await eventually(async () =>
      (await readMailbox(env.SESSIONS, claimantA.email)).find((m) =>
        m.subject.startsWith('Página vinculada'),
      ),
    )
    const refusal = await eventually(async () =>
      (await readMailbox(env.SESSIONS, claimantB.email)).find((m) =>
        m.subject.startsWith('Pedido de vinculação recusado'),
      ),
    )
    expect(refusal.text).toContain('Motivo: O nome da conta não é o da página.')
  })

  it('concurrent decisions on one claim leave one decision and one audit row', async () => {
    const { person } = await lawyerPerson(`Tito ${surname()} Ramos`)
    const claimant = await createUser()
    await claim(await sessionCookie(claimant.id), person.id, byOab)
    const claimId = (await claimRow(person.id))?.id ?? 0
    const cookies = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const reviewer = await createUser()
        await grantRole(reviewer.id)
        return sessionCookie(reviewer.id)
      }),
    )
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postJson(
          `/ajax/revisao/reivindicacoes/${claimId}/${i % 2 ? 'aceitar' : 'recusar'}`,
          { motivo: 'Documentos insuficientes.' },
          { Cookie: cookies[i % cookies.length] ?? '' },
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.every((status) => status === 200 || status === 404 || status === 409)).toBe(true)
    const trail = await auditOf(claimId)
    expect(trail).toHaveLength(1)
    expect((await claimRow(person.id))?.status).toBe(trail[0]?.action === 'aceitar' ? 'aceita' : 'recusada')
  })

  it('the audit trail refuses UPDATE and DELETE', async () => {
    const [entry] = await db()
      .insert(auditLog)
      .values({ actorId: null, subjectKind: 'reivindicacao', subjectId: 0, action: 'teste' })
      .returning()
    await expect(
      rawDb().prepare('UPDATE audit_log SET reason = ? WHERE id = ?').bind('x', entry?.id).run(),
    ).rejects.toThrow(/append-only/)
    await expect(rawDb().prepare('DELETE FROM audit_log WHERE id = ?').bind(entry?.id).run()).rejects.toThrow(
      /append-only/,
    )
    await expect(rawDb().prepare('DELETE FROM audit_log').run()).rejects.toThrow(/append-only/)
    const [still] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, entry?.id ?? 0))
    expect(still).toMatchObject({ action: 'teste', reason: null })
  })
})

describe('bad input on the claim and review routes', () => {
  it('answers 4xx in Portuguese, never 500 or English', async () => {
    const user = await createUser()
    await grantRole(user.id)
    const cookie = await sessionCookie(user.id)
    const { person } = await lawyerPerson(`Zeca ${surname()} Bad`)
    const bodies: unknown[] = [
      { tipo: ['oab'] },
      { tipo: 'oab', oab_numero: { a: 1 }, oab_uf: ['SP'] },
      { tipo: 'cpf', cpf: 12345678909 },
      { tipo: 'govbr', cpf: 'x'.repeat(30_000) },
      { nota: { x: 1 }, motivo: ['a'] },
      { motivo: 'y'.repeat(5_000) },
      {},
    ]
    const paths = [
      `/ajax/pessoas/${person.id}/reivindicar`,
      '/ajax/pessoas/abc/reivindicar',
      '/ajax/pessoas/99999999999999999999999/reivindicar',
      '/ajax/revisao/reivindicacoes/abc/aceitar',
      '/ajax/revisao/reivindicacoes/99999999999999999999999/recusar',
      '/ajax/revisao/reivindicacoes/999999999/recusar',
      '/ajax/revisao/reivindicacoes/999999999/aceitar',
    ]
    for (const path of paths)
      for (const body of bodies) {
        const response = await postJson(path, body, { Cookie: cookie })
        const text = await response.text()
        expect(response.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500)
        expect(text, path).not.toMatch(/\b(Invalid|expected|Too (big|small)|must|Required)\b/)
      }
    // A huge return path is never echoed into Location.
    const start = await get(`/verificar-identidade/govbr?auth.redirect=/${'a'.repeat(28_000)}`, {
      redirect: 'manual',
    })
    expect(start.status).toBe(302)
    expect((start.headers.get('location') ?? '').length).toBeLessThan(2048)
    const noState = await get('/verificar-identidade/govbr/retorno?code=x&state=y', {
      headers: { Cookie: cookie },
      redirect: 'manual',
    })
    expect(noState.status).toBe(303)
  })
})
