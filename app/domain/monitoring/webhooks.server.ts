import { desc, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { webhookOutbox, webhooks } from '~/db/schema-monitoring'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { requireConfirmedEmail } from '~/domain/users/confirmed.server'
import { t } from '~/i18n/pt-BR'
import { webhookUrlProblem } from '~/schemas/webhook-url'
import { attemptDelivery, createDelivery, type DeliveryDeps, type Fetcher } from './webhook-delivery.server'

export {
  attemptDelivery,
  enqueueHitDelivery,
  type Fetcher,
  planWebhookRetries,
  signPayload,
} from './webhook-delivery.server'

type Db = { db: Database }

const newSecret = () =>
  [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')

/**
 * Saves the user's webhook. A new address gets a new signing secret, in the same statement (so
 * two saves racing cannot pair an address with the other's secret): whoever knew the old secret
 * for the old receiver cannot sign for, or check, what goes to the new one (decisions/0051).
 */
export async function saveWebhook(
  deps: Db,
  userId: number,
  url: string,
  allowLocal: boolean,
): Promise<Outcome> {
  // Alerts leave the site for this address: never for an account whose e-mail nobody confirmed.
  await requireConfirmedEmail(deps, userId, 'webhook')
  const problem = webhookUrlProblem(url, allowLocal)
  if (problem) throw new DomainError(problem, 422, { field: 'url' })
  const href = new URL(url.trim()).href
  const secret = newSecret()
  const [before] = await deps.db
    .select({ url: webhooks.url })
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
  const [saved] = await deps.db
    .insert(webhooks)
    .values({ userId, url: href, secret })
    .onConflictDoUpdate({
      target: webhooks.userId,
      set: {
        url: href,
        secret: sql`case when ${webhooks.url} = excluded.url then ${webhooks.secret} else excluded.secret end`,
      },
    })
    .returning()
  // The first address gets its secret as before; a changed one is told to update its receiver.
  const rotated = !!before && saved?.secret === secret
  return {
    message: t(rotated ? 'webhook.savedNewSecret' : 'webhook.saved'),
    redirect: '/monitoramentos#webhook',
    body: { segredo_novo: rotated },
  }
}

export async function removeWebhook(deps: Db, userId: number): Promise<Outcome> {
  await deps.db.delete(webhooks).where(eq(webhooks.userId, userId))
  return { message: t('webhook.removed'), redirect: '/monitoramentos#webhook' }
}

/** The webhook and its latest deliveries (each with its state), newest first. */
export async function getWebhook(deps: Db, userId: number) {
  const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.userId, userId))
  const deliveries = await deps.db
    .select()
    .from(webhookOutbox)
    .where(eq(webhookOutbox.userId, userId))
    .orderBy(desc(webhookOutbox.id))
    .limit(10)
  return { hook: hook ?? null, deliveries }
}

/** "Enviar um teste": one signed POST now, its result in a toast and in the list. */
export async function sendTestWebhook(
  deps: DeliveryDeps,
  fetcher: Fetcher,
  userId: number,
): Promise<Outcome> {
  await requireConfirmedEmail(deps, userId, 'webhook')
  const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.userId, userId))
  if (!hook) throw new DomainError('webhook.none', 422)
  const id = await createDelivery(
    deps,
    {
      userId,
      deliveryKey: `teste-${crypto.randomUUID()}`,
      event: 'teste',
      hitId: null,
      payload: { evento: 'teste', mensagem: 'Teste de entrega do webhook de monitoramentos.' },
    },
    false,
  )
  if (id === null) throw new DomainError('webhook.none', 422)
  return sentOutcome(await attemptDelivery(deps, fetcher, id, { kind: 'once', userId }), 'test')
}

/**
 * "Reenviar" on a failed delivery: one more call now, with the same `X-Entrega`. Only its owner's
 * (anyone else's answers "not found", so ids reveal nothing), and only a failed one: of two
 * clicks racing, one sends and the other is told it is already on its way.
 */
export async function resendDelivery(
  deps: DeliveryDeps,
  fetcher: Fetcher,
  userId: number,
  deliveryId: number,
): Promise<Outcome> {
  const result = await attemptDelivery(deps, fetcher, deliveryId, { kind: 'resend', userId })
  if (!result.sent) {
    const [row] = await deps.db.select().from(webhookOutbox).where(eq(webhookOutbox.id, deliveryId))
    if (!row || row.userId !== userId) throw new DomainError('webhook.deliveryNotFound', 404)
    throw new DomainError(row.state === 'entregue' ? 'webhook.alreadyDelivered' : 'webhook.resendBusy', 409)
  }
  return sentOutcome(result, 'resend')
}

function sentOutcome(result: Awaited<ReturnType<typeof attemptDelivery>>, kind: 'test' | 'resend'): Outcome {
  if (!result.sent) throw new DomainError('webhook.resendBusy', 409)
  if (result.state !== 'entregue') {
    const error = new DomainError(kind === 'test' ? 'webhook.testFailed' : 'webhook.resendFailed', 422)
    error.message = t(kind === 'test' ? 'webhook.testFailed' : 'webhook.resendFailed', {
      erro: result.error ?? '',
    })
    throw error
  }
  return {
    message: t(kind === 'test' ? 'webhook.testSent' : 'webhook.resent', {
      status: result.statusCode ?? 0,
      ms: result.ms,
    }),
    redirect: '/monitoramentos#webhook',
  }
}
