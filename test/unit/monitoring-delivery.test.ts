import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import {
  monitoringHits,
  monitorings,
  webhookDeliveries,
  webhookOutbox,
  webhooks,
} from '~/db/schema-monitoring'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import {
  attemptDelivery,
  enqueueHitDelivery,
  type Fetcher,
  signPayload,
} from '~/domain/monitoring/webhooks.server'
import {
  type NotificationsQueueMessage,
  notificationsQueueMessage,
} from '~/domain/notifications/notifications-messages'
import { createRng } from '~/fixtures/corpus/random'
import { notificationHandler } from '../../workers/queues'
import { consumeEach } from '../../workers/queues/consume'
import { createUser, deps } from './helpers'
import { insertHit } from './monitoring-webhooks-helpers'
import { recordingQueue } from './recording-queue'

const db = () => deps().db

async function monitoredNames(n: number, tag: string) {
  const people = await Promise.all(Array.from({ length: n }, () => createUser()))
  const names = people.map((_, i) => `Teodora ${tag} Quintela ${String.fromCharCode(65 + i)}lves`)
  for (const [i, person] of people.entries())
    await db()
      .insert(monitorings)
      .values({ userId: person.id, kind: 'nome', term: names[i] ?? '', sources: ['diarios', 'djen'] })
  return { people, names }
}

describe('monitoring delivery: never lost, never twice', () => {
  it('a sweep and a consumer that fail on a random 30% of runs still leave every hit and notification once', async () => {
    const tag = `Z${Date.now().toString(36)}`
    const { people, names } = await monitoredNames(6, tag)
    await upsertGazetteArticles(
      db(),
      names.flatMap((name, i) =>
        [0, 1].map((j) => ({
          gazette: { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' as const },
          edition: { date: '2026-11-22', number: '220', extra: false },
          section: 'Seção 3',
          externalId: `falha-${tag}-${i}-${j}`,
          kind: 'Edital',
          organ: `Órgão ${j}`,
          title: 'Edital de citação',
          body: `Cita-se ${name.toUpperCase()}, para responder no prazo legal.`,
          page: 1,
          lawsuitCnj: null,
        })),
      ),
    )
    const window = { from: Date.now() - 60_000, to: Date.now() + 60_000 }
    // A deterministic generator (mulberry32), so a failing run can be replayed.
    const { next } = createRng(20261123)
    const recorded = recordingQueue()
    const sweepDeps = { ...deps(), notificationsQueue: recorded.queue }
    // The sweep: fails before its work or after it (work done, never acked), then is redelivered.
    let runs = 0
    for (;;) {
      runs++
      const draw = next()
      try {
        if (draw < 0.15) throw new Error('falha injetada antes')
        await checkWindow(sweepDeps, window)
        if (draw < 0.3) throw new Error('falha injetada depois')
        break
      } catch {
        if (runs > 30) throw new Error('too many failures')
      }
    }
    const ids = people.map((p) => p.id)
    const hits = await db().select().from(monitoringHits).where(inArray(monitoringHits.userId, ids))
    expect(hits).toHaveLength(12)

    // Every notification the runs queued (repeats included) goes through a faulty consumer.
    const handle = notificationHandler(deps(), env.BASE_DOMAIN)
    const faulty = async (body: NotificationsQueueMessage) => {
      const draw = next()
      if (draw < 0.15) throw new Error('falha injetada antes')
      await handle(body)
      if (draw < 0.3) throw new Error('falha injetada depois')
    }
    let pending = recorded.sent.map((body, i) => ({ id: `m-${i}`, body, attempts: 1 }))
    let retried = 0
    for (let round = 0; pending.length && round < 60; round++) {
      const batch = createMessageBatch(
        'notificacoes',
        pending.map(({ id, body, attempts }) => ({ id, timestamp: new Date(), attempts, body })),
      )
      const ctx = createExecutionContext()
      await consumeEach(batch, deps(), notificationsQueueMessage, faulty)
      const result = await getQueueResult(batch, ctx)
      const again = new Set(result.retryMessages.map((m) => m.msgId))
      retried += again.size
      pending = pending.filter((m) => again.has(m.id)).map((m) => ({ ...m, attempts: m.attempts + 1 }))
    }
    expect(pending).toEqual([])
    expect(retried).toBeGreaterThan(0)
    const rows = await db().select().from(notifications).where(inArray(notifications.userId, ids))
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual(
      hits.map((h) => `monitoramento:${h.monitoringId}:${h.id}`).sort(),
    )
    expect(rows.every((r) => r.url?.startsWith('/monitoramentos/'))).toBe(true)
  })
})

describe('webhooks', () => {
  it('POSTs each hit signed with HMAC-SHA256 under one delivery id, retries a failure, and never sends a delivered hit again', async () => {
    const { user, hit } = await insertHit({ documentId: 999_001 })
    const secret = 'segredo-de-teste'
    await db().insert(webhooks).values({ userId: user.id, url: 'https://cliente.exemplo/ganchos', secret })

    const received: Request[] = []
    let answer = 503
    const fetcher: Fetcher = async (request) => {
      received.push(request.clone() as Request)
      return new Response(null, { status: answer })
    }
    // The queue's message, then its redelivery: one delivery, one stable id.
    const wakeUps = recordingQueue()
    let clock = Date.now()
    const d = { ...deps(), monitoringQueue: wakeUps.queue, now: () => new Date(clock) }
    const id = await enqueueHitDelivery(d, hit.id)
    expect(await enqueueHitDelivery(d, hit.id)).toBe(id)
    if (id === null) throw new Error('no delivery')
    expect(await attemptDelivery(d, fetcher, id)).toMatchObject({ sent: true, state: 'pendente' })
    // Not due yet: a redelivered message sends nothing.
    expect(await attemptDelivery(d, fetcher, id)).toEqual({ sent: false, reason: 'not-claimed' })
    answer = 200
    clock += 60_000
    expect(await attemptDelivery(d, fetcher, id)).toMatchObject({ sent: true, state: 'entregue' })
    clock += 24 * 3600_000
    expect(await attemptDelivery(d, fetcher, id)).toEqual({ sent: false, reason: 'not-claimed' })
    expect(received).toHaveLength(2)
    expect(received.map((r) => r.headers.get('X-Entrega'))).toEqual([
      `ocorrencia-${hit.id}`,
      `ocorrencia-${hit.id}`,
    ])
    const [row] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.id, id))
    expect(row).toMatchObject({ state: 'entregue', attempts: 2, statusCode: 200 })

    const last = received[1]
    if (!last) throw new Error('nothing received')
    const body = await last.text()
    const signature = last.headers.get('X-Assinatura') ?? ''
    const timestamp = Number(/t=(\d+)/.exec(signature)?.[1])
    expect(await signPayload(secret, timestamp, body)).toBe(signature)
    expect(await signPayload('outro-segredo', timestamp, body)).not.toBe(signature)
    expect(JSON.parse(body)).toMatchObject({
      evento: 'ocorrencia',
      ocorrencia: { id: hit.id, titulo: hit.title, motivos: ['Termo exato'] },
      entrega: `ocorrencia-${hit.id}`,
    })
    const log = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.hitId, hit.id))
    expect(log.map((l) => [l.attempt, l.ok, l.statusCode])).toEqual([
      [1, false, 503],
      [2, true, 200],
    ])
  })
})
