import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  monitoringHits,
  monitorings,
  webhookDeliveries,
  webhookOutbox,
  webhooks,
} from '~/db/schema-monitoring'
import {
  attemptDelivery,
  enqueueHitDelivery,
  type Fetcher,
  planWebhookRetries,
  signPayload,
} from '~/domain/monitoring/webhooks.server'
import { webhookUrlProblem } from '~/schemas/webhook-url'
import { BASE, createUser, deps, get, plainPost, postJson, sessionCookie } from './helpers'
import { recordingQueue } from './recording-queue'

// Issue 27 item 11 (decisions/0051): webhook addresses, secret rotation, retries over a day with
// one delivery id, and "Reenviar".

const db = () => deps().db

async function hitWithWebhook(url: string, secret = `segredo-${crypto.randomUUID()}`) {
  const user = await createUser()
  const [monitoring] = await db()
    .insert(monitorings)
    .values({ userId: user.id, kind: 'termo', term: 'pregão eletrônico', sources: ['diarios'] })
    .returning()
  const [hit] = await db()
    .insert(monitoringHits)
    .values({
      monitoringId: monitoring?.id ?? 0,
      userId: user.id,
      documentKind: 'materia',
      documentId: 990_000 + Math.floor(Math.random() * 9_999),
      title: '“pregão eletrônico” em Diário Oficial da União',
      url: '/diarios/materia/999001',
      reasons: ['Termo exato'],
      contextKey: 'diario:DOU|',
    })
    .returning()
  if (!hit) throw new Error('no hit')
  await db().insert(webhooks).values({ userId: user.id, url, secret })
  return { user, hit, secret }
}

const saveUrl = (url: string, cookie: string) =>
  postJson('/ajax/monitoramentos/webhook', { url }, { Cookie: cookie })

describe('webhook addresses', () => {
  it('refuses credentials, plain http, odd ports, IP literals in any spelling and internal names, in Portuguese under the field', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const refused: [string, RegExp][] = [
      ['https://usuario:senha@ganchos.exemplo.com.br/jurisedge', /usuário e a senha/],
      ['https://usuario@ganchos.exemplo.com.br/jurisedge', /usuário e a senha/],
      ['https://:senha@ganchos.exemplo.com.br/', /usuário e a senha/],
      ['http://ganchos.exemplo.com.br/jurisedge', /precisa começar com https/],
      ['https://ganchos.exemplo.com.br:8443/jurisedge', /porta padrão/],
      ['https://[fd00::1]/', /número IP/],
      ['https://[::ffff:7f00:1]/', /número IP/],
      ['https://167772161/', /número IP/],
      ['https://0xa.0.0.1/', /número IP/],
      ['https://012.0.0.1/', /número IP/],
      ['https://0xa9fea9fe/latest/meta-data', /número IP/],
      ['https://10.0.0.1/', /número IP/],
      ['https://8.8.8.8/', /número IP/],
      ['https://metadata/computeMetadata', /rede interna/],
      ['https://metadata.google.internal/', /rede interna/],
      ['https://impressora.local/', /rede interna/],
      ['javascript:alert(1)', /endereço https válido/],
      ['não é endereço', /endereço https válido/],
    ]
    for (const [url, message] of refused) {
      const response = await saveUrl(url, cookie)
      expect(response.status, url).toBe(422)
      const body = (await response.json()) as { errors: string[]; fields?: Record<string, string> }
      expect(body.errors.join(' '), url).toMatch(message)
      expect(body.fields?.url, url).toMatch(message)
    }
    expect(await db().select().from(webhooks).where(eq(webhooks.userId, user.id))).toEqual([])
    const accepted = await saveUrl('https://ação.exemplo.com.br/ganchos', cookie)
    expect(accepted.status).toBe(200)
    const [hook] = await db().select().from(webhooks).where(eq(webhooks.userId, user.id))
    expect(hook?.url).toBe('https://xn--ao-siap.exemplo.com.br/ganchos')
  })

  it('refuses every spelling of this machine outside local development', () => {
    for (const url of [
      'https://localhost/',
      'https://localhost./',
      'https://LOCALHOST../',
      'https://api.localhost/',
      'https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/',
      'https://１２７.０.０.１/',
      'https://127.1/',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://0177.0.0.1/',
      'https://[0:0:0:0:0:0:0:1]/',
      'https://[::1]/',
      'http://localhost:8787/__dev/webhook',
    ])
      expect(webhookUrlProblem(url, false), url).not.toBeNull()
    expect(webhookUrlProblem('http://localhost:8787/__dev/webhook', true)).toBeNull()
    expect(webhookUrlProblem('http://usuario:senha@localhost:8787/__dev/webhook', true)).toBe(
      'webhook.credentials',
    )
    expect(webhookUrlProblem('https://ganchos.exemplo.com.br/a?b=1', false)).toBeNull()
  })

  it('gives a new signing secret whenever the address changes, and keeps it when it does not', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const secretOf = async () =>
      (await db().select().from(webhooks).where(eq(webhooks.userId, user.id)))[0]?.secret
    const created = await saveUrl('https://ganchos.exemplo.com.br/a', cookie)
    expect(((await created.json()) as { message: string }).message).toBe('Webhook salvo.')
    const first = await secretOf()
    const same = await saveUrl('https://ganchos.exemplo.com.br/a', cookie)
    expect(((await same.json()) as { message: string }).message).toBe('Webhook salvo.')
    expect(await secretOf()).toBe(first)
    const moved = await saveUrl('https://outro.exemplo.com.br/b', cookie)
    expect(((await moved.json()) as { message: string }).message).toMatch(/novo segredo da assinatura/)
    const second = await secretOf()
    expect(second).toMatch(/^[0-9a-f]{64}$/)
    expect(second).not.toBe(first)
    // The page shows the secret now in use.
    const page = await (await get('/monitoramentos', { headers: { Cookie: cookie } })).text()
    expect(page).toContain(second)
    expect(page).not.toContain(first)
  })
})

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

type Received = { headers: Record<string, string | null>; body: string }
const receivedFor = async (key: string) =>
  ((await (await get('/__dev/webhook')).json()) as (Received | null)[]).filter(
    (entry): entry is Received => entry?.headers['x-entrega'] === key,
  )

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

describe('webhook routes and bad input', () => {
  it('answer every bad input with a 4xx in Portuguese, never a 5xx or English', async () => {
    const cookie = await sessionCookie((await createUser()).id)
    const english = /\b(expected|invalid input|received|required|must|string|number|object)\b/i
    const paths = [
      '/ajax/monitoramentos/webhook',
      '/ajax/monitoramentos/webhook/teste',
      '/ajax/monitoramentos/webhook/excluir',
      ...['abc', '0', '-1', '1e3', '99999999999999999999', '%00'].map(
        (id) => `/ajax/monitoramentos/webhook/entregas/${id}/reenviar`,
      ),
    ]
    const bodies: unknown[] = [
      null,
      [1],
      'x',
      { url: 42 },
      { url: ['https://a.exemplo.com.br/'] },
      { url: 'https://a.exemplo.com.br/'.padEnd(600, 'a') },
      { url: 'https://exemplo.com.br\r\nX-Injetado: 1/' },
      { url: 'https://\u202eexemplo.com.br/' },
    ]
    for (const path of paths)
      for (const body of bodies) {
        const response = await postJson(path, body, { Cookie: cookie })
        const text = await response.text()
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500)
        if (response.status >= 400) expect(text, `${path} ${JSON.stringify(body)}`).not.toMatch(english)
      }
  })
})
