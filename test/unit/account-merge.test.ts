import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications, users } from '~/db/schema'
import { communities, professionalMessages } from '~/db/schema-accounts'
import { articles, articleVotes, comments } from '~/db/schema-articles'
import { personClaims } from '~/db/schema-claims'
import { people } from '~/db/schema-corpus'
import { monitoringHits, monitorings } from '~/db/schema-monitoring'
import { followCounts, follows } from '~/db/schema-network'
import { mergeStatements } from '~/domain/merge/statements.server'
import { checkCredentials } from '~/domain/users/credentials.server'
import { hashPassword } from '~/domain/users/password.server'
import { BASE, createUser, deps, get, postJson, sessionCookie } from './helpers'

const db = () => deps().db

/** Only accounts with a confirmed e-mail can be merged (decisions/0046). */
async function personWithPassword(name: string, password: string) {
  return createUser({ name, passwordHash: await hashPassword(password, 1000), emailConfirmedAt: Date.now() })
}

/** Two accounts of one person with overlapping activity, and a third person around them. */
async function scene() {
  const survivor = await personWithPassword('Conta Que Fica', 'senha-fica')
  const closed = await personWithPassword('Conta Que Sai', 'senha-sai')
  const fan = await createUser({ name: 'Fã das Duas' })
  const writer = await createUser({ name: 'Autora Alheia' })
  const [community] = await db()
    .insert(communities)
    .values({ slug: `uniao-${closed.id}`, name: `União ${closed.id}`, kind: 'tema' })
    .returning()
  if (!community) throw new Error('no community')
  const article = async (authorId: number, title: string) => {
    const [row] = await db()
      .insert(articles)
      .values({ authorId, communityId: community.id, title, slug: 'x', body: 'Texto.' })
      .returning()
    if (!row) throw new Error('no article')
    return row
  }
  const theirs = await article(writer.id, 'Artigo votado pelas duas')
  const other = await article(writer.id, 'Artigo votado só pela que sai')
  const written = await article(closed.id, 'Artigo escrito pela conta que sai')
  await db()
    .insert(follows)
    .values([
      { userId: survivor.id, kind: 'comunidade', targetId: community.id },
      { userId: closed.id, kind: 'comunidade', targetId: community.id },
      { userId: closed.id, kind: 'artigo', targetId: theirs.id },
      { userId: closed.id, kind: 'usuario', targetId: survivor.id },
      { userId: fan.id, kind: 'usuario', targetId: closed.id },
      { userId: fan.id, kind: 'usuario', targetId: survivor.id },
    ])
  await db()
    .insert(articleVotes)
    .values([
      { userId: survivor.id, articleId: theirs.id, kind: 'NEGATIVO' },
      { userId: closed.id, articleId: theirs.id, kind: 'POSITIVO' },
      { userId: closed.id, articleId: other.id, kind: 'POSITIVO' },
    ])
  await db()
    .insert(comments)
    .values({ articleId: theirs.id, authorId: closed.id, body: 'Comentário antigo.' })
  const [mine] = await db()
    .insert(monitorings)
    .values({
      userId: survivor.id,
      kind: 'processo',
      term: 'x',
      cnj: '00000011220258260100',
      sources: ['processos'],
    })
    .returning()
  const [twin] = await db()
    .insert(monitorings)
    .values({
      userId: closed.id,
      kind: 'processo',
      term: 'x',
      cnj: '00000011220258260100',
      sources: ['processos'],
    })
    .returning()
  await db()
    .insert(monitorings)
    .values({ userId: closed.id, kind: 'nome', term: 'Nome Só da Que Sai', sources: ['diarios'] })
  const hit = (monitoringId: number, userId: number, documentId: number) => ({
    monitoringId,
    userId,
    documentKind: 'movimento',
    documentId,
    title: `mov ${documentId}`,
    url: '/x',
    reasons: [],
    contextKey: 'processo:00000011220258260100',
  })
  await db()
    .insert(monitoringHits)
    .values([
      hit(mine?.id ?? 0, survivor.id, 1),
      hit(twin?.id ?? 0, closed.id, 1),
      hit(twin?.id ?? 0, closed.id, 2),
    ])
  await db().insert(professionalMessages).values({
    recipientId: closed.id,
    name: 'Cliente Antiga',
    content: 'Mensagem para a conta que sai.',
    phone: '(11) 98888-7777',
    email: 'cliente@exemplo.invalid',
  })
  const [person] = await db()
    .insert(people)
    .values({ name: 'Conta Que Sai', slug: `conta-que-sai-${closed.id}` })
    .returning()
  await db()
    .insert(personClaims)
    .values({
      personId: person?.id ?? 0,
      userId: closed.id,
      status: 'aceita',
      evidenceKind: 'oab',
      evidenceValue: '123456/SP',
      matched: { name: true, document: null } as never,
    })
  await db()
    .insert(notifications)
    .values({ userId: closed.id, kind: 'teste', title: 'Para a que sai', dedupeKey: `uniao:${closed.id}` })
  return { survivor, closed, fan, community, theirs, other, written, mine }
}

const snapshot = async (ids: number[]) => ({
  follows: await db().select().from(follows).where(inArray(follows.userId, ids)),
  votes: await db().select().from(articleVotes).where(inArray(articleVotes.userId, ids)),
  claims: await db().select().from(personClaims).where(inArray(personClaims.userId, ids)),
  users: await db()
    .select({ id: users.id, merged: users.mergedIntoId })
    .from(users)
    .where(inArray(users.id, ids)),
  monitorings: await db().select().from(monitorings).where(inArray(monitorings.userId, ids)),
})

async function prove(cookie: string, email: string, senha: string) {
  const response = await postJson('/ajax/conta/unir/verificar', { email, senha }, { Cookie: cookie })
  return { response, body: (await response.json()) as { redirect_url?: string; errors?: string[] } }
}

describe('merging two accounts of one person', () => {
  it('moves every kind exactly once: shared follows, votes and monitorings become one; counts stay exact', async () => {
    const { survivor, closed, fan, community, theirs, other, written, mine } = await scene()
    const cookie = await sessionCookie(survivor.id)
    const closedCookie = await sessionCookie(closed.id)
    const proved = await prove(cookie, closed.email, 'senha-sai')
    expect(proved.response.status).toBe(200)
    const ticket = new URL(proved.body.redirect_url ?? '', BASE).searchParams.get('ticket') ?? ''
    // The confirmation says what will happen before anything does.
    const page = await (
      await get(`/conta/unir?ticket=${encodeURIComponent(ticket)}`, { headers: { Cookie: cookie } })
    ).text()
    expect(page).toContain('2 votos em artigos (1 no mesmo artigo conta uma vez só')
    expect(page).toContain('2 monitoramentos (1 do mesmo processo ou da mesma OAB vira um só')

    const merged = await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'esta' }, { Cookie: cookie })
    expect(merged.status).toBe(200)
    expect(await merged.json()).toMatchObject({
      status: 'success',
      message: 'Contas unidas. Tudo agora está em Conta Que Fica.',
    })

    const mineFollows = await db().select().from(follows).where(eq(follows.userId, survivor.id))
    expect(mineFollows.map((f) => `${f.kind}:${f.targetId}`).sort()).toEqual(
      [`artigo:${theirs.id}`, `comunidade:${community.id}`].sort(),
    )
    const [communityCount] = await db()
      .select()
      .from(followCounts)
      .where(and(eq(followCounts.kind, 'comunidade'), eq(followCounts.targetId, community.id)))
    expect(communityCount?.followers).toBe(1)
    // The fan followed both: one follow of the survivor remains, and none of the closed account.
    const fanFollows = await db().select().from(follows).where(eq(follows.userId, fan.id))
    expect(fanFollows.map((f) => f.targetId)).toEqual([survivor.id])

    const votes = await db()
      .select()
      .from(articleVotes)
      .where(inArray(articleVotes.userId, [survivor.id, closed.id]))
    expect(votes.map((v) => `${v.userId}:${v.articleId}:${v.kind}`).sort()).toEqual(
      [`${survivor.id}:${theirs.id}:NEGATIVO`, `${survivor.id}:${other.id}:POSITIVO`].sort(),
    )
    const [counted] = await db().select().from(articles).where(eq(articles.id, theirs.id))
    expect([counted?.positiveVotes, counted?.negativeVotes]).toEqual([0, 1])
    const [moved] = await db().select().from(articles).where(eq(articles.id, written.id))
    expect(moved?.authorId).toBe(survivor.id)
    const [comment] = await db().select().from(comments).where(eq(comments.articleId, theirs.id))
    expect(comment?.authorId).toBe(survivor.id)

    const kept = await db().select().from(monitorings).where(eq(monitorings.userId, survivor.id))
    expect(kept.map((m) => m.kind).sort()).toEqual(['nome', 'processo'])
    const hits = await db()
      .select()
      .from(monitoringHits)
      .where(eq(monitoringHits.monitoringId, mine?.id ?? 0))
    expect(hits.map((h) => h.documentId).sort()).toEqual([1, 2])
    expect(
      await db()
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `uniao:${closed.id}`)),
    ).toMatchObject([{ userId: survivor.id }])

    const inbox = await db()
      .select()
      .from(professionalMessages)
      .where(eq(professionalMessages.recipientId, survivor.id))
    expect(inbox.map((m) => m.name)).toEqual(['Cliente Antiga'])
    // The person page the closed account had claimed is the survivor's now.
    expect(
      await db()
        .select({ userId: personClaims.userId })
        .from(personClaims)
        .where(eq(personClaims.userId, survivor.id)),
    ).toHaveLength(1)

    // Closed: its sessions ended, its e-mail logs in to the survivor with the survivor's password,
    // and its profile address answers a 301 to the survivor's.
    const [row] = await db().select().from(users).where(eq(users.id, closed.id))
    expect(row?.mergedIntoId).toBe(survivor.id)
    const asClosed = await get('/conta/perfil', { headers: { Cookie: closedCookie }, redirect: 'manual' })
    expect(asClosed.status).toBe(302)
    expect((await checkCredentials(deps(), closed.email, 'senha-fica'))?.id).toBe(survivor.id)
    expect(await checkCredentials(deps(), closed.email, 'senha-sai')).toBeNull()
    const profile = await get(`http://${closed.subdomain}.${new URL(BASE).host}/`, { redirect: 'manual' })
    expect(profile.status).toBe(301)
    expect(profile.headers.get('location')).toContain(`${survivor.subdomain}.`)
  })

  it('is all or nothing: a failure in the middle of the batch leaves both accounts as they were', async () => {
    const { survivor, closed } = await scene()
    const ids = [survivor.id, closed.id]
    const before = await snapshot(ids)
    const statements = mergeStatements(db(), survivor.id, closed.id, Date.now())
    for (const at of [1, Math.floor(statements.length / 2), statements.length - 1]) {
      // A statement that fails (NOT NULL) injected after `at` of the merge's statements ran.
      const failing = db()
        .insert(users)
        .values({
          subdomain: null as unknown as string,
          email: 'x',
          name: 'x',
          kind: 'profissional',
          headline: 'x',
        })
      const batch = [...statements.slice(0, at), failing, ...statements.slice(at)]
      await expect(
        db().batch(batch as unknown as Parameters<ReturnType<typeof db>['batch']>[0]),
      ).rejects.toThrow()
      expect(await snapshot(ids)).toEqual(before)
    }
    // Both still work: each logs in with its own password.
    expect((await checkCredentials(deps(), survivor.email, 'senha-fica'))?.id).toBe(survivor.id)
    expect((await checkCredentials(deps(), closed.email, 'senha-sai'))?.id).toBe(closed.id)
  })

  it('keeps the other account when chosen, and the session moves to it', async () => {
    const { survivor, closed } = await scene()
    const cookie = await sessionCookie(survivor.id)
    const { body } = await prove(cookie, closed.email, 'senha-sai')
    const ticket = new URL(body.redirect_url ?? '', BASE).searchParams.get('ticket') ?? ''
    const merged = await postJson('/ajax/conta/unir', { ticket, sobrevivente: 'outra' }, { Cookie: cookie })
    expect(merged.status).toBe(200)
    expect(merged.headers.get('set-cookie')).toMatch(/__Host-sid=|sid=/)
    const [row] = await db().select().from(users).where(eq(users.id, survivor.id))
    expect(row?.mergedIntoId).toBe(closed.id)
  })

  it('refuses a wrong password, the same account, and a ticket made for someone else', async () => {
    const { survivor, closed, fan } = await scene()
    const cookie = await sessionCookie(survivor.id)
    const wrong = await prove(cookie, closed.email, 'errada')
    expect(wrong.response.status).toBe(422)
    expect(wrong.body.errors).toEqual(['E-mail ou senha da outra conta incorretos.'])
    const same = await prove(cookie, survivor.email, 'senha-fica')
    expect(same.body.errors).toEqual(['Esta é a conta em que você já está. Informe a outra conta.'])
    const { body } = await prove(cookie, closed.email, 'senha-sai')
    const ticket = new URL(body.redirect_url ?? '', BASE).searchParams.get('ticket') ?? ''
    const stolen = await postJson(
      '/ajax/conta/unir',
      { ticket, sobrevivente: 'esta' },
      { Cookie: await sessionCookie(fan.id) },
    )
    expect(stolen.status).toBe(400)
    expect((await db().select().from(users).where(eq(users.id, closed.id)))[0]?.mergedIntoId).toBeNull()
  })
})
