import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import {
  monitoringHits,
  monitorings,
  webhookDeliveries,
  webhookOutbox,
  webhooks,
} from '~/db/schema-monitoring'
import {
  monitoringBatch,
  monitoringMessage,
  type WebhookDeliveryMessage,
} from '~/domain/monitoring/monitoring-messages'
import { t } from '~/i18n/pt-BR'
import { webhookUrlProblem } from '~/schemas/webhook-url'

export type Fetcher = (request: Request) => Promise<Response>
export type DeliveryDeps = { db: Database; now: () => Date; monitoringQueue: Queue }

const TIMEOUT_MS = 10_000
/** How long a claim holds: far past the 10 s timeout, so only a sender that died loses it. */
const LEASE_MS = 2 * 60_000
/** The first call, then 11 retries 1, 2, 4, … 1024 minutes apart (decisions/0051). */
export const MAX_ATTEMPTS = 12
/** Cloudflare Queues delay a message at most 12 hours; longer waits are the cron's. */
const MAX_QUEUE_DELAY_S = 12 * 3600

/** Minutes to wait after failed attempt `n` (1-based): 2^(n-1), so 1 … 1024. */
export const retryDelayMinutes = (attempt: number) => 2 ** (attempt - 1)

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

type Sent = { ok: boolean; statusCode: number | null; error: string | null; ms: number }

/** Why a call failed, in the words the delivery list shows (never the runtime's English). */
function failureText(status: number | null, error?: unknown): string {
  if (status !== null)
    return status >= 300 && status < 400
      ? t('webhook.error.redirect', { status })
      : t('webhook.error.status', { status })
  const name = error instanceof Error ? error.name : ''
  return name === 'TimeoutError' || name === 'AbortError'
    ? t('webhook.error.timeout')
    : t('webhook.error.network')
}

async function post(
  fetcher: Fetcher,
  hook: { url: string; secret: string },
  delivery: { event: string; deliveryKey: string; body: string },
  now: Date,
): Promise<Sent> {
  const signature = await signPayload(hook.secret, Math.floor(now.getTime() / 1000), delivery.body)
  const started = Date.now()
  try {
    const response = await fetcher(
      new Request(hook.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'JurisEdge-Webhooks/1',
          'X-Assinatura': signature,
          'X-Evento': delivery.event,
          'X-Entrega': delivery.deliveryKey,
        },
        body: delivery.body,
        // A redirect is the receiver's answer, never followed: it could point inside a network.
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    )
    await response.body?.cancel()
    const ok = response.status >= 200 && response.status < 300
    return {
      ok,
      statusCode: response.status,
      error: ok ? null : failureText(response.status),
      ms: Date.now() - started,
    }
  } catch (error) {
    return { ok: false, statusCode: null, error: failureText(null, error), ms: Date.now() - started }
  }
}

/**
 * Creates a delivery (once per user and key: a redelivered queue message finds it there) and
 * answers its id, or null when there is nothing to send.
 */
export async function createDelivery(
  deps: DeliveryDeps,
  delivery: { userId: number; deliveryKey: string; event: string; hitId: number | null; payload: object },
  /** False for "Enviar um teste": its sender claims it at once, the cron never does. */
  scheduled = true,
): Promise<number | null> {
  const body = JSON.stringify({ ...delivery.payload, entrega: delivery.deliveryKey })
  const now = deps.now().getTime()
  await deps.db
    .insert(webhookOutbox)
    .values({
      userId: delivery.userId,
      deliveryKey: delivery.deliveryKey,
      event: delivery.event,
      hitId: delivery.hitId,
      body,
      nextAttemptAt: scheduled ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
  const [row] = await deps.db
    .select({ id: webhookOutbox.id })
    .from(webhookOutbox)
    .where(
      and(eq(webhookOutbox.userId, delivery.userId), eq(webhookOutbox.deliveryKey, delivery.deliveryKey)),
    )
  return row?.id ?? null
}

/**
 * The delivery of one hit (from the sweep's queue message): created once, then attempted. Its
 * `url` is absolute on the site's main origin: the receiver is another system, for which a path
 * leads nowhere (issue 28 §1).
 */
export async function enqueueHitDelivery(
  deps: DeliveryDeps & { origin: string },
  hitId: number,
): Promise<number | null> {
  const [hit] = await deps.db.select().from(monitoringHits).where(eq(monitoringHits.id, hitId))
  if (!hit || hit.dismissedAt) return null
  const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.userId, hit.userId))
  if (!hook) return null
  const [monitoring] = await deps.db.select().from(monitorings).where(eq(monitorings.id, hit.monitoringId))
  return createDelivery(deps, {
    userId: hit.userId,
    deliveryKey: `ocorrencia-${hit.id}`,
    event: 'ocorrencia',
    hitId: hit.id,
    payload: {
      evento: 'ocorrencia',
      ocorrencia: {
        id: hit.id,
        titulo: hit.title,
        url: new URL(hit.url, deps.origin).href,
        data_documento: hit.documentDate,
        motivos: hit.reasons,
        trecho: hit.excerpt,
        criada_em: new Date(hit.createdAt).toISOString(),
      },
      monitoramento: monitoring ? { id: monitoring.id, tipo: monitoring.kind, termo: monitoring.term } : null,
    },
  })
}

export type AttemptResult =
  | { sent: false; reason: 'not-claimed' }
  | ({ sent: true; state: 'entregue' | 'pendente' | 'falhou'; nextAttemptAt: number | null } & Sent)

/**
 * How an attempt claims its delivery: `scheduled` (queue or cron) takes a due one and schedules
 * the next retry when it fails; `resend` ("Reenviar") takes its owner's failed one, and `once`
 * ("Enviar um teste") its owner's fresh one: both leave it failed if it fails again.
 */
export type AttemptMode = { kind: 'scheduled' } | { kind: 'resend' | 'once'; userId: number }

/**
 * One attempt of one delivery. The claim is a single conditional UPDATE: of two senders racing
 * (the queue's wake-up, the cron's sweep, two "Reenviar" clicks) exactly one gets the row; a
 * delivered one is never claimable again.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  fetcher: Fetcher,
  deliveryId: number,
  mode: AttemptMode = { kind: 'scheduled' },
): Promise<AttemptResult> {
  const now = deps.now().getTime()
  const token = crypto.randomUUID()
  const claimable =
    mode.kind === 'scheduled'
      ? and(
          eq(webhookOutbox.id, deliveryId),
          inArray(webhookOutbox.state, ['pendente', 'enviando']),
          lte(webhookOutbox.nextAttemptAt, now),
        )
      : and(
          eq(webhookOutbox.id, deliveryId),
          eq(webhookOutbox.userId, mode.userId),
          eq(webhookOutbox.state, mode.kind === 'resend' ? 'falhou' : 'pendente'),
        )
  const [claimed] = await deps.db
    .update(webhookOutbox)
    .set({
      state: 'enviando',
      claim: token,
      nextAttemptAt: now + LEASE_MS,
      attempts: sql`${webhookOutbox.attempts} + 1`,
      updatedAt: now,
    })
    .where(claimable)
    .returning()
  if (!claimed) return { sent: false, reason: 'not-claimed' }

  const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.userId, claimed.userId))
  // An address saved before today's rules (credentials, a port, an IP) is checked again at
  // every call; loopback was never storable outside local development. Retrying would not help.
  const refused = hook ? webhookUrlProblem(hook.url, true) : null
  const sent: Sent = !hook
    ? { ok: false, statusCode: null, error: t('webhook.error.noHook'), ms: 0 }
    : refused
      ? { ok: false, statusCode: null, error: t('webhook.error.refused', { motivo: t(refused) }), ms: 0 }
      : await post(fetcher, hook, claimed, deps.now())
  const retry = mode.kind === 'scheduled' && hook && !refused && !sent.ok && claimed.attempts < MAX_ATTEMPTS
  const state = sent.ok ? 'entregue' : retry ? 'pendente' : 'falhou'
  const nextAttemptAt = retry ? now + retryDelayMinutes(claimed.attempts) * 60_000 : null
  const finished = deps.now().getTime()
  await deps.db.batch([
    deps.db
      .update(webhookOutbox)
      .set({
        state,
        claim: null,
        nextAttemptAt,
        statusCode: sent.statusCode,
        error: sent.error,
        ms: sent.ms,
        updatedAt: finished,
      })
      .where(and(eq(webhookOutbox.id, claimed.id), eq(webhookOutbox.claim, token))),
    deps.db.insert(webhookDeliveries).values({
      userId: claimed.userId,
      hitId: claimed.hitId,
      event: claimed.event,
      attempt: claimed.attempts,
      statusCode: sent.statusCode,
      ok: sent.ok,
      error: sent.error,
      ms: sent.ms,
      outboxId: claimed.id,
      createdAt: finished,
    }),
  ])
  if (nextAttemptAt !== null) await wakeUpAt(deps, claimed.id, nextAttemptAt - now)
  return { sent: true, state, nextAttemptAt, ...sent }
}

/**
 * Asks the queue to come back when the retry is due. Past the queue's 12-hour cap, or if this
 * send fails, the cron tick finds the delivery due (planWebhookRetries): nothing is lost.
 */
async function wakeUpAt(deps: DeliveryDeps, deliveryId: number, delayMs: number) {
  if (delayMs / 1000 > MAX_QUEUE_DELAY_S) return
  try {
    await deps.monitoringQueue.send(monitoringMessage({ type: 'webhook-delivery', deliveryId }), {
      contentType: 'json',
      delaySeconds: Math.ceil(delayMs / 1000),
    })
  } catch (error) {
    console.error(JSON.stringify({ webhookWakeUp: deliveryId, error: String(error) }))
  }
}

/**
 * Cron side: every delivery whose attempt is due (or whose sender died holding the claim) goes
 * back on the queue (100 a tick, one sendBatch). A delivery the queue also woke up is claimed by one of them only.
 */
export async function planWebhookRetries(deps: DeliveryDeps, limit = 100): Promise<number> {
  const now = deps.now().getTime()
  const due = await deps.db
    .select({ id: webhookOutbox.id })
    .from(webhookOutbox)
    .where(and(inArray(webhookOutbox.state, ['pendente', 'enviando']), lte(webhookOutbox.nextAttemptAt, now)))
    .orderBy(asc(webhookOutbox.nextAttemptAt))
    .limit(limit)
  if (due.length === 0) return 0
  await deps.monitoringQueue.sendBatch(
    monitoringBatch(
      due.map((row): WebhookDeliveryMessage => ({ type: 'webhook-delivery', deliveryId: row.id })),
    ),
  )
  return due.length
}
