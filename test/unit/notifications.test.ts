import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { and, eq, inArray, isNull, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { failedJobs, notifications } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import { lawsuits } from '~/db/schema-corpus'
import { follows } from '~/db/schema-network'
import {
  enqueueOrKeep,
  markAllRead,
  markAllViewed,
  resendPending,
} from '~/domain/notifications/notifications.server'
import {
  type NotificationsQueueMessage,
  notificationsQueueMessage,
} from '~/domain/notifications/notifications-messages'
import { createRng } from '~/fixtures/corpus/random'
import { consumeEach } from '../../workers/queues/consume'
import { notificationHandler } from '../../workers/queues/index'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, eventually, get, plainPost, postJson, sessionCookie } from './helpers'

const db = () => deps().db

async function insertNotifications(userId: number, n: number, tag: string) {
  // 6 bound values a row: 15 rows stay under D1's 100 per statement.
  for (let i = 0; i < n; i += 15)
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: Math.min(15, n - i) }, (_, j) => ({
          userId,
          kind: 'teste',
          title: `Aviso ${i + j}`,
          url: '/comunidades',
          dedupeKey: `${tag}:${userId}:${i + j}`,
          createdAt: 1_700_000_000_000 + i + j,
        })),
      )
}

describe('never lost, never twice (at-least-once delivery)', () => {
  it('a consumer that throws on a random 30% of deliveries still leaves every notification exactly once', async () => {
    const recipients = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createUser({ name: `Destino ${i}` })),
    )
    const author = await createUser({ name: 'Autora Falhas' })
    const [community] = await db()
      .insert(communities)
      .values({
        slug: `falhas-${author.id}`,
        name: `Comunidade Falhas ${author.id}`,
        kind: 'tema',
      })
      .returning()
    if (!community) throw new Error('no community')
    for (const r of recipients)
      await db().insert(follows).values({ userId: r.id, kind: 'comunidade', targetId: community.id })
    const [article] = await db()
      .insert(articles)
      .values({
        authorId: author.id,
        communityId: community.id,
        title: 'Sob falhas',
        slug: 'sob-falhas',
        body: 'x',
      })
      .returning()
    if (!article) throw new Error('no article')

    const messages: NotificationsQueueMessage[] = [
      ...recipients.flatMap((r) =>
        Array.from({ length: 5 }, (_, i) => ({
          type: 'notify' as const,
          userId: r.id,
          kind: 'teste',
          title: `Mensagem ${i}`,
          dedupeKey: `falha:${r.id}:${i}`,
        })),
      ),
      { type: 'community-article', articleId: article.id, dedupeKey: `artigo:${article.id}` },
    ]
    // A deterministic generator (mulberry32), so a failing run can be replayed.
    const { next } = createRng(20261123)
    const handle = notificationHandler(deps(), env.BASE_DOMAIN)
    // Half of the faults happen before the work, half after it (written but never acked): the
    // redelivery of the second kind is what dedupe keys exist for.
    const faulty = async (body: NotificationsQueueMessage) => {
      const draw = next()
      if (draw < 0.15) throw new Error('falha injetada antes')
      await handle(body)
      if (draw < 0.3) throw new Error('falha injetada depois')
    }

    let pending = messages.map((body, i) => ({ id: `f-${i}`, body, attempts: 1 }))
    let deliveries = 0
    let retried = 0
    for (let round = 0; pending.length && round < 60; round++) {
      const batch = createMessageBatch(
        'notificacoes',
        pending.map(({ id, body, attempts }) => ({ id, timestamp: new Date(), attempts, body })),
      )
      const ctx = createExecutionContext()
      await consumeEach(batch, deps(), notificationsQueueMessage, faulty)
      const result = await getQueueResult(batch, ctx)
      deliveries += pending.length
      const again = new Set(result.retryMessages.map((m) => m.msgId))
      retried += again.size
      expect(result.explicitAcks.length + again.size).toBe(pending.length)
      pending = pending.filter((m) => again.has(m.id)).map((m) => ({ ...m, attempts: m.attempts + 1 }))
    }
    expect(pending).toEqual([])
    // The faults really happened: some deliveries were retried.
    expect(retried).toBeGreaterThan(0)
    expect(deliveries).toBeGreaterThan(messages.length)

    const ids = recipients.map((r) => r.id)
    const rows = await db().select().from(notifications).where(inArray(notifications.userId, ids))
    const keys = rows.map((row) => row.dedupeKey).sort()
    const expected = [
      ...recipients.flatMap((r) => Array.from({ length: 5 }, (_, i) => `falha:${r.id}:${i}`)),
      ...recipients.map((r) => `artigo:${article.id}:${r.id}`),
    ].sort()
    expect(keys).toEqual(expected)
  })
})

describe('a queue that refuses a message', () => {
  it('keeps the notification for the cron, which sends it later: nothing is lost', async () => {
    const user = await createUser()
    const message = {
      type: 'notify' as const,
      userId: user.id,
      kind: 'teste',
      title: 'Guardado enquanto a fila falhava',
      dedupeKey: `pendente-teste:${user.id}`,
    }
    // Fault injection: the queue is down for this one send.
    const down = { send: () => Promise.reject(new Error('fila fora do ar')) } as unknown as Queue
    await enqueueOrKeep({ db: db(), notificationsQueue: down }, message)
    const kept = await db()
      .select()
      .from(failedJobs)
      .where(eq(failedJobs.messageId, `pendente:${message.dedupeKey}`))
    expect(kept).toHaveLength(1)

    expect(await resendPending(deps())).toBeGreaterThanOrEqual(1)
    const delivered = await eventually(async () => {
      const rows = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, message.dedupeKey))
      return rows.length ? rows : null
    })
    expect(delivered).toHaveLength(1)
    expect(
      await db()
        .select()
        .from(failedJobs)
        .where(eq(failedJobs.messageId, `pendente:${message.dedupeKey}`)),
    ).toEqual([])
  })
})

describe('the badge and the box', () => {
  it('counts unseen notifications cheaply, up to 100, and opening the box clears the count', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    await insertNotifications(user.id, 120, 'badge')
    const count = await get('/ajax/notificacoes/contagem', { headers: { Cookie: cookie } })
    expect(count.headers.get('Cache-Control')).toContain('no-store')
    expect(await count.json()).toEqual({ status: 'success', naoVistas: 100 })
    const box = (await (await get('/ajax/notificacoes', { headers: { Cookie: cookie } })).json()) as {
      items: unknown[]
      unseen: number
    }
    expect(box.items).toHaveLength(10)
    expect(box.unseen).toBe(100)
    await postJson('/ajax/visualizar-todas-notificacoes', {}, { Cookie: cookie })
    expect(await (await get('/ajax/notificacoes/contagem', { headers: { Cookie: cookie } })).json()).toEqual({
      status: 'success',
      naoVistas: 0,
    })
    expect((await get('/ajax/notificacoes/contagem')).status).toBe(401)
  })

  it('the use-cases say their own message: the router writes none (decisions/0070)', async () => {
    const user = await createUser()
    await insertNotifications(user.id, 2, 'mensagem')
    expect(await markAllViewed(deps(), user.id)).toEqual({})
    expect(await markAllRead(deps(), user.id)).toEqual({
      message: 'Todas as notificações foram marcadas como lidas.',
    })
    const cookie = await sessionCookie(user.id)
    const count = (await (
      await get('/ajax/notificacoes/contagem', { headers: { Cookie: cookie } })
    ).json()) as {
      naoVistas: number
    }
    expect(count.naoVistas).toBe(0)
  })

  it("clicking one marks it read; another person's is a 404", async () => {
    const user = await createUser()
    const other = await createUser()
    await insertNotifications(user.id, 2, 'clique')
    const [first] = await db().select().from(notifications).where(eq(notifications.userId, user.id)).limit(1)
    if (!first) throw new Error('none')
    const theirs = await postJson(
      `/ajax/notificacoes/${first.id}/ler`,
      {},
      { Cookie: await sessionCookie(other.id) },
    )
    expect(theirs.status).toBe(404)
    const mine = await postJson(
      `/ajax/notificacoes/${first.id}/ler`,
      {},
      { Cookie: await sessionCookie(user.id) },
    )
    expect(mine.status).toBe(200)
    const unread = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
    expect(unread.map((n) => n.id)).not.toContain(first.id)
    expect(unread).toHaveLength(1)
    expect(
      (await postJson('/ajax/notificacoes/abc/ler', {}, { Cookie: await sessionCookie(user.id) })).status,
    ).toBe(404)
  })
})

describe('never about what is gone or secret', () => {
  it('removing an article removes its notifications, and reads skip a removed article or a secret case', async () => {
    const author = await createUser({ name: 'Autora Removida' })
    const reader = await createUser({ name: 'Leitora Atenta' })
    const authorCookie = await sessionCookie(author.id)
    const readerCookie = await sessionCookie(reader.id)
    const [community] = await db().select().from(communities).limit(1)
    await mayPublishIn(author.id, community?.id ?? 0)
    const published = await postJson(
      '/ajax/artigos',
      { titulo: 'Artigo que será removido', comunidade_id: community?.id, conteudo: 'Texto.' },
      { Cookie: authorCookie },
    )
    const { artigo } = (await published.json()) as { artigo: { id: number } }
    await postJson(
      `/ajax/artigos/${artigo.id}/comentarios`,
      { conteudo: 'Comentei.' },
      { Cookie: readerCookie },
    )
    await postJson(
      `/ajax/artigos/${artigo.id}/votar`,
      { 'tipo-de-voto': 'POSITIVO' },
      { Cookie: readerCookie },
    )
    const about = () =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.subjectKind, 'artigo'), eq(notifications.subjectId, artigo.id)))
    await eventually(async () => ((await about()).length >= 2 ? true : null))
    expect((await get('/ajax/notificacoes/contagem', { headers: { Cookie: authorCookie } })).ok).toBe(true)

    await postJson(`/ajax/artigos/${artigo.id}/excluir`, {}, { Cookie: authorCookie })
    expect(await about()).toEqual([])

    // Rows written after a removal (a racing fan-out), or about a sealed case, never show.
    const [sealed] = await db()
      .insert(lawsuits)
      .values({ cnj: '00000019920258260001', court: 'TJSP', source: 'teste', secrecyLevel: 1 })
      .returning()
    await db()
      .insert(notifications)
      .values([
        {
          userId: author.id,
          kind: 'teste',
          title: 'Sobre um artigo removido',
          dedupeKey: `fantasma:${author.id}`,
          subjectKind: 'artigo',
          subjectId: artigo.id,
        },
        {
          userId: author.id,
          kind: 'teste',
          title: 'Sobre um processo em segredo',
          dedupeKey: `segredo:${author.id}`,
          subjectKind: 'processo',
          subjectId: sealed?.id,
        },
        { userId: author.id, kind: 'teste', title: 'Um aviso qualquer', dedupeKey: `qualquer:${author.id}` },
      ])
    const box = (await (await get('/ajax/notificacoes', { headers: { Cookie: authorCookie } })).json()) as {
      items: { title: string }[]
      unseen: number
    }
    expect(box.items.map((i) => i.title)).toEqual(['Um aviso qualquer'])
    expect(box.unseen).toBe(1)
    const page = await (await get('/notificacoes', { headers: { Cookie: authorCookie } })).text()
    expect(page).not.toContain('removido')
    expect(page).not.toContain('segredo')
  })
})

describe('/notificacoes', () => {
  it('lists 20 a page, newest first, filters the unread ones, and "Marcar todas como lidas" works without JavaScript', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    await insertNotifications(user.id, 25, 'pagina')
    const some = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(like(notifications.dedupeKey, `pagina:${user.id}:%`))
      .limit(3)
    for (const { id } of some) await postJson(`/ajax/notificacoes/${id}/ler`, {}, { Cookie: cookie })

    const first = await (await get('/notificacoes', { headers: { Cookie: cookie } })).text()
    expect(first).toContain('Aviso 24')
    expect(first).not.toContain('Aviso 4<')
    expect(first).toContain('Não lidas (22)')
    expect(first).toContain('href="/notificacoes?page=2"')
    const second = await (await get('/notificacoes?page=2', { headers: { Cookie: cookie } })).text()
    expect(second).toContain('Aviso 0<')
    const past = await get('/notificacoes?page=99', { headers: { Cookie: cookie } })
    expect(past.status).toBe(200)
    expect(await past.text()).toContain('Não há notificações nesta página.')

    const readAll = await plainPost('/ajax/ler-todas-notificacoes', {}, cookie, '/notificacoes')
    expect(readAll.status).toBe(303)
    const unread = await (await get('/notificacoes?filtro=nao-lidas', { headers: { Cookie: cookie } })).text()
    expect(unread).toContain('Você leu todas as suas notificações.')
    expect(unread).toContain('Não lidas (0)')

    const anonymous = await get('/notificacoes', { redirect: 'manual' })
    expect(anonymous.headers.get('Location')).toBe('/login?auth.redirect=%2Fnotificacoes')
  })
})
