import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '~/db/schema-trust'
import { readMailbox } from '~/domain/mail/mail.server'
import {
  auditOf,
  byOab,
  claim,
  claimRow,
  db,
  grantRole,
  lawyerPerson,
  rawDb,
  surname,
} from './claims-helpers'
import { createUser, eventually, get, postJson, sessionCookie } from './helpers'

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
