import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { monitoringHits, monitorings, webhookDeliveries, webhooks } from '~/db/schema-monitoring'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { isLoopbackHost } from '~/domain/site/environment'
import { t } from '~/i18n/pt-BR'

export type Fetcher = (request: Request) => Promise<Response>
type Db = { db: Database }

const TIMEOUT_MS = 10_000
const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')

/**
 * `X-Assinatura: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`: the receiver recomputes it
 * with the secret and refuses old timestamps (replays), like Stripe's and GitHub's webhooks.
 */
export async function signPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`))
  return `t=${timestamp},v1=${hex(mac)}`
}

/** A private or loopback address is refused in production: the webhook must not reach inside. */
function isPublicHttps(url: URL): boolean {
  const host = url.hostname
  if (url.protocol !== 'https:') return false
  if (isLoopbackHost(host) || host.endsWith('.local') || host.endsWith('.internal')) return false
  return !/^(10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|0\.|\[)/.test(host)
}

export async function saveWebhook(
  deps: Db,
  userId: number,
  url: string,
  allowLocal: boolean,
): Promise<Outcome> {
  const parsed = new URL(url)
  const local = allowLocal && isLoopbackHost(parsed.hostname)
  if (!local && !isPublicHttps(parsed)) throw new DomainError('webhook.badUrl', 422, { field: 'url' })
  const secret = hex(crypto.getRandomValues(new Uint8Array(32)).buffer as ArrayBuffer)
  await deps.db
    .insert(webhooks)
    .values({ userId, url: parsed.href, secret })
    .onConflictDoUpdate({ target: webhooks.userId, set: { url: parsed.href } })
  return { message: t('webhook.saved'), redirect: '/monitoramentos#webhook' }
}

export async function removeWebhook(deps: Db, userId: number): Promise<Outcome> {
  await deps.db.delete(webhooks).where(eq(webhooks.userId, userId))
  return { message: t('webhook.removed'), redirect: '/monitoramentos#webhook' }
}

export async function getWebhook(deps: Db, userId: number) {
  const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.userId, userId))
  const log = hook
    ? await deps.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.userId, userId))
        .orderBy(desc(webhookDeliveries.id))
        .limit(10)
    : []
  return { hook: hook ?? null, log }
}

type Sent = { ok: boolean; statusCode: number | null; error: string | null; ms: number }

async function post(
  fetcher: Fetcher,
  hook: { url: string; secret: string },
  event: string,
  delivery: string,
  payload: unknown,
): Promise<Sent> {
  const body = JSON.stringify(payload)
  const signature = await signPayload(hook.secret, Math.floor(Date.now() / 1000), body)
  const started = Date.now()
  try {
    const response = await fetcher(
      new Request(hook.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'JurisEdge-Webhooks/1',
          'X-Assinatura': signature,
          'X-Evento': event,
          'X-Entrega': delivery,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    )
    await response.body?.cancel()
    const ok = response.status >= 200 && response.status < 300
    return {
      ok,
      statusCode: response.status,
      error: ok ? null : `HTTP ${response.status}`,
      ms: Date.now() - started,
    }
  } catch (error) {
    return { ok: false, statusCode: null, error: String(error).slice(0, 200), ms: Date.now() - started }
  }
}

/**
 * Queue side: POSTs one hit to its owner's webhook and logs the attempt. Throws on failure so the
 * queue retries it with backoff; a hit already delivered (a redelivered message) is not sent again.
 */
export async function deliverHitWebhook(deps: Db, fetcher: Fetcher, hitId: number, attempt: number) {
  const [hit] = await deps.db.select().from(monitoringHits).where(eq(monitoringHits.id, hitId))
  if (!hit || hit.dismissedAt) return { sent: false }
  const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.userId, hit.userId))
  if (!hook) return { sent: false }
  const [done] = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.hitId, hitId), eq(webhookDeliveries.ok, true)))
  if (done) return { sent: false }
  const [monitoring] = await deps.db.select().from(monitorings).where(eq(monitorings.id, hit.monitoringId))
  const result = await post(fetcher, hook, 'ocorrencia', `ocorrencia-${hit.id}`, {
    evento: 'ocorrencia',
    ocorrencia: {
      id: hit.id,
      titulo: hit.title,
      url: hit.url,
      data_documento: hit.documentDate,
      motivos: hit.reasons,
      trecho: hit.excerpt,
      criada_em: new Date(hit.createdAt).toISOString(),
    },
    monitoramento: monitoring ? { id: monitoring.id, tipo: monitoring.kind, termo: monitoring.term } : null,
  })
  await deps.db.insert(webhookDeliveries).values({
    userId: hit.userId,
    hitId,
    event: 'ocorrencia',
    attempt,
    statusCode: result.statusCode,
    ok: result.ok,
    error: result.error,
    ms: result.ms,
  })
  if (!result.ok) throw new Error(`webhook ${hitId}: ${result.error}`)
  return { sent: true }
}

/** "Enviar um teste": one signed POST now, its result in a toast and in the log. */
export async function sendTestWebhook(deps: Db, fetcher: Fetcher, userId: number): Promise<Outcome> {
  const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.userId, userId))
  if (!hook) throw new DomainError('webhook.none', 422)
  const result = await post(fetcher, hook, 'teste', `teste-${crypto.randomUUID()}`, {
    evento: 'teste',
    mensagem: 'Teste de entrega do webhook de monitoramentos.',
  })
  await deps.db.insert(webhookDeliveries).values({
    userId,
    hitId: null,
    event: 'teste',
    attempt: 1,
    statusCode: result.statusCode,
    ok: result.ok,
    error: result.error,
    ms: result.ms,
  })
  if (!result.ok) {
    const error = new DomainError('webhook.testFailed', 422)
    error.message = t('webhook.testFailed', { erro: result.error ?? '' })
    throw error
  }
  return {
    message: t('webhook.testSent', { status: result.statusCode ?? 0, ms: result.ms }),
    redirect: '/monitoramentos#webhook',
  }
}
