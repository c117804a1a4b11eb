import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { webhookDeliveries, webhookOutbox, webhooks } from '~/db/schema-monitoring'
import {
  attemptDelivery,
  enqueueHitDelivery,
  type Fetcher,
  planWebhookRetries,
  signPayload,
} from '~/domain/monitoring/webhooks.server'
import { BASE, createUser, deps, plainPost, postJson, sessionCookie } from './helpers'
import { db, hitWithWebhook, receivedFor } from './monitoring-webhooks-helpers'
import { recordingQueue } from './recording-queue'

// Issue 27 item 11 (decisions/0051): a failing receiver retried over a day under one delivery id,
// and "Reenviar".

describe('webhook retries', () => {
  it('retries a failing receiver after 1, 2, 4 … 1024 minutes under one delivery id, then marks it failed', async () => {
    const { hit } = await hitWithWebhook('https://ganchos.exemplo.com.br/fora-do-ar')
    const received: Request[] = []
    const fetcher: Fetcher = async (request) => {
      received.push(request)
      return new Response('fora do ar', { status: 503 })
    }
    const wakeUps = recordingQueue()
    const start = Date.now()
    let clock = start
    const d = { ...deps(), monitoringQueue: wakeUps.queue, now: () => new Date(clock) }
    const id = await enqueueHitDelivery(d, hit.id)
    if (id === null) throw new Error('no delivery')
    const attemptsAt: number[] = []
    const dueNow = async () => {
      wakeUps.clear()
      await planWebhookRetries(d)
      return wakeUps.sent.some((body) => (body as { deliveryId?: number }).deliveryId === id)
    }
    for (let attempt = 1; attempt <= 12; attempt++) {
      const [row] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.id, id))
      const due = row?.nextAttemptAt ?? 0
      // A minute early, the cron does not pick it up and a stray message sends nothing.
      clock = due - 60_000
      if (attempt > 1) {
        expect(await dueNow()).toBe(false)
        expect(await attemptDelivery(d, fetcher, id)).toEqual({ sent: false, reason: 'not-claimed' })
      }
      clock = due
      expect(await dueNow()).toBe(true)
      attemptsAt.push(clock)
      wakeUps.clear()
      const result = await attemptDelivery(d, fetcher, id)
      expect(result).toMatchObject({ sent: true, state: attempt < 12 ? 'pendente' : 'falhou' })
      // Retries within the queue's 12-hour cap also wake the queue at the right time.
      const delay = 2 ** (attempt - 1) * 60
      if (attempt < 12 && delay <= 12 * 3600)
        expect(wakeUps.sent.map((body, i) => ({ body, delaySeconds: wakeUps.delays[i] }))).toEqual([
          { body: { type: 'webhook-delivery', deliveryId: id }, delaySeconds: delay },
        ])
      else expect(wakeUps.sent).toEqual([])
    }
    const gaps = attemptsAt.slice(1).map((at, i) => (at - (attemptsAt[i] ?? 0)) / 60_000)
    expect(gaps).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024])
    expect(received).toHaveLength(12)
    expect(new Set(received.map((r) => r.headers.get('X-Entrega')))).toEqual(
      new Set([`ocorrencia-${hit.id}`]),
    )
    const [row] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.id, id))
    expect(row).toMatchObject({
      state: 'falhou',
      attempts: 12,
      statusCode: 503,
      error: 'HTTP 503',
      nextAttemptAt: null,
    })
    // Failed is final for the schedule: a day later nothing is due and nothing is sent.
    clock += 24 * 3600_000
    expect(await dueNow()).toBe(false)
    expect(await attemptDelivery(d, fetcher, id)).toEqual({ sent: false, reason: 'not-claimed' })
    const log = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.outboxId, id))
    expect(log.map((l) => l.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  it('does not follow a redirect, and says so in Portuguese', async () => {
    const { hit } = await hitWithWebhook('https://ganchos.exemplo.com.br/mudou')
    const received: Request[] = []
    const fetcher: Fetcher = async (request) => {
      received.push(request)
      return new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } })
    }
    const d = { ...deps(), monitoringQueue: recordingQueue().queue }
    const id = (await enqueueHitDelivery(d, hit.id)) ?? 0
    expect(await attemptDelivery(d, fetcher, id)).toMatchObject({ state: 'pendente' })
    expect(received).toHaveLength(1)
    expect(received[0]?.redirect).toBe('manual')
    const [row] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.id, id))
    expect(row?.error).toBe('HTTP 302 (redirecionamentos não são seguidos)')
  })

  it('never calls an address saved before the rules (credentials), and says why', async () => {
    const { hit } = await hitWithWebhook('https://usuario:senha@ganchos.exemplo.com.br/antigo')
    let calls = 0
    const fetcher: Fetcher = async () => {
      calls++
      return new Response(null, { status: 200 })
    }
    const d = { ...deps(), monitoringQueue: recordingQueue().queue }
    const id = (await enqueueHitDelivery(d, hit.id)) ?? 0
    expect(await attemptDelivery(d, fetcher, id)).toMatchObject({ sent: true, state: 'falhou' })
    expect(calls).toBe(0)
    const [row] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.id, id))
    expect(row?.error).toMatch(/^endereço recusado\. Tire o usuário e a senha/)
  })

  it('racing senders of one due delivery send it once', async () => {
    const { hit } = await hitWithWebhook('https://ganchos.exemplo.com.br/concorrencia')
    let calls = 0
    const fetcher: Fetcher = async () => {
      calls++
      return new Response(null, { status: 204 })
    }
    const d = { ...deps(), monitoringQueue: recordingQueue().queue }
    const id = (await enqueueHitDelivery(d, hit.id)) ?? 0
    const results = await Promise.all(Array.from({ length: 12 }, () => attemptDelivery(d, fetcher, id)))
    expect(results.filter((r) => r.sent)).toHaveLength(1)
    expect(calls).toBe(1)
  })
})

describe('Reenviar', () => {
  /** A hit whose delivery to the local receiver failed all its attempts. */
  async function failedDelivery() {
    const failing = `${BASE}/__dev/webhook?falhar=1`
    const { user, hit, secret } = await hitWithWebhook(failing)
    const d = { ...deps(), monitoringQueue: recordingQueue().queue }
    const id = (await enqueueHitDelivery(d, hit.id)) ?? 0
    await db()
      .update(webhookOutbox)
      .set({ state: 'falhou', attempts: 12, error: 'HTTP 500' })
      .where(eq(webhookOutbox.id, id))
    return {
      user,
      hit,
      secret,
      id,
      key: `ocorrencia-${hit.id}`,
      path: `/ajax/monitoramentos/webhook/entregas/${id}/reenviar`,
    }
  }

  it('sends a failed delivery again with the same delivery id, only for its owner, and never after success', async () => {
    const { user, secret, id, key, path } = await failedDelivery()
    const owner = await sessionCookie(user.id)
    const stranger = await sessionCookie((await createUser()).id)

    expect((await postJson(path, {})).status).toBe(401)
    const foreign = await postJson(path, {}, { Cookie: stranger })
    expect(foreign.status).toBe(404)
    expect(((await foreign.json()) as { errors: string[] }).errors).toEqual(['Entrega não encontrada.'])
    expect(await receivedFor(key)).toEqual([])

    // The receiver still fails: the owner is told, and the delivery stays failed.
    const again = await postJson(path, {}, { Cookie: owner })
    expect(again.status).toBe(422)
    expect(((await again.json()) as { errors: string[] }).errors).toEqual([
      'O reenvio não foi entregue: HTTP 500',
    ])
    expect(await receivedFor(key)).toHaveLength(1)

    await db()
      .update(webhooks)
      .set({ url: `${BASE}/__dev/webhook` })
      .where(eq(webhooks.userId, user.id))
    const resent = await postJson(path, {}, { Cookie: owner })
    expect(resent.status).toBe(200)
    expect(((await resent.json()) as { message: string }).message).toMatch(
      /^Reenvio entregue: HTTP 200 em \d+ ms\.$/,
    )
    const calls = await receivedFor(key)
    expect(calls).toHaveLength(2)
    const delivered = calls[0]
    if (!delivered) throw new Error('not received')
    const signature = delivered.headers['x-assinatura'] ?? ''
    const timestamp = Number(/t=(\d+)/.exec(signature)?.[1])
    expect(await signPayload(secret, timestamp, delivered.body)).toBe(signature)
    expect(JSON.parse(delivered.body)).toMatchObject({ evento: 'ocorrencia', entrega: key })

    const twice = await postJson(path, {}, { Cookie: owner })
    expect(twice.status).toBe(409)
    expect(((await twice.json()) as { errors: string[] }).errors).toEqual(['Esta entrega já foi feita.'])
    expect(await receivedFor(key)).toHaveLength(2)
    const [row] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.id, id))
    expect(row).toMatchObject({ state: 'entregue', attempts: 14 })
  })

  it('works as a plain form post (no JavaScript)', async () => {
    const { user, id, key, path } = await failedDelivery()
    await db()
      .update(webhooks)
      .set({ url: `${BASE}/__dev/webhook` })
      .where(eq(webhooks.userId, user.id))
    const response = await plainPost(path, {}, await sessionCookie(user.id), '/monitoramentos')
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toMatch(/\/monitoramentos#webhook$/)
    expect(await receivedFor(key)).toHaveLength(1)
    const [row] = await db().select().from(webhookOutbox).where(eq(webhookOutbox.id, id))
    expect(row?.state).toBe('entregue')
  })

  it('racing "Reenviar" clicks send once', async () => {
    const { user, id, key, path } = await failedDelivery()
    await db()
      .update(webhooks)
      .set({ url: `${BASE}/__dev/webhook` })
      .where(eq(webhooks.userId, user.id))
    const owner = await sessionCookie(user.id)
    const answers = await Promise.all(Array.from({ length: 8 }, () => postJson(path, {}, { Cookie: owner })))
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true)
    expect(await receivedFor(key)).toHaveLength(1)
    const log = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.outboxId, id))
    expect(log).toHaveLength(1)
  })
})
