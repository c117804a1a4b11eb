import { createDeps, type Deps } from '~/deps.server'
import { fanOutCommunityArticle } from '~/domain/articles/fan-out.server'
import { deliverArticleVotes } from '~/domain/articles/vote-notifications.server'
import { announceIntimations } from '~/domain/intimations/announce.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { type MonitoringQueueMessage, monitoringQueueMessage } from '~/domain/monitoring/monitoring-messages'
import { runMonitoringSweep } from '~/domain/monitoring/sweep.server'
import {
  attemptDelivery,
  enqueueHitDelivery,
  type Fetcher,
} from '~/domain/monitoring/webhook-delivery.server'
import { runDigestPage } from '~/domain/notifications/digest.server'
import { deliverNotification } from '~/domain/notifications/notifications.server'
import {
  type CommunityArticleMessage,
  type NotificationsQueueMessage,
  notificationsQueueMessage,
} from '~/domain/notifications/notifications-messages'
import { RetryLater, runSourcePage } from '~/domain/sources/engine.server'
import type { Fetcher as SourceFetcher } from '~/domain/sources/polite-fetch'
import { type SourcePageMessage, sourcesMessage } from '~/domain/sources/sources-messages'
import { sourceFetcher } from '../lib/source-fetcher'
import { webhookFetcher } from '../lib/webhook-fetcher'
import { consumeEach, keepFailed } from './consume'

/** The fan-out's cost in the Worker's log (recipients, D1 rows written, statements, time). */
async function fanOutLogged(deps: Deps, body: CommunityArticleMessage) {
  const started = Date.now()
  const result = await fanOutCommunityArticle(deps, body)
  console.log(JSON.stringify({ fanOut: { articleId: body.articleId, ...result, ms: Date.now() - started } }))
  return result
}

/** What the NOTIFICATIONS consumer does with one message (exported for the fault-injection test). */
export function notificationHandler(deps: Deps, baseDomain: string) {
  return (body: NotificationsQueueMessage): Promise<unknown> => {
    switch (body.type) {
      case 'notify':
        return deliverNotification(deps, body, baseDomain)
      case 'community-article':
        return fanOutLogged(deps, body)
      case 'article-votes':
        return deliverArticleVotes(deps, body)
      case 'digest-page':
        return runDigestPage(deps, body)
    }
  }
}

/**
 * What the MONITORING consumer does with one message. A webhook's failed call is not the
 * message's failure: the delivery row keeps it and schedules its retry (decisions/0051); only a
 * failed D1 write throws, and the queue's redelivery then finds the delivery where it was.
 */
export function monitoringHandler(deps: Deps, fetcher: Fetcher) {
  return async (body: MonitoringQueueMessage): Promise<unknown> => {
    switch (body.type) {
      case 'sweep':
        return runMonitoringSweep(deps, body, (window) => checkWindow(deps, window))
      case 'webhook': {
        const id = await enqueueHitDelivery(deps, body.hitId)
        return id === null ? null : attemptDelivery(deps, fetcher, id)
      }
      case 'webhook-delivery':
        return attemptDelivery(deps, fetcher, body.deliveryId)
    }
  }
}

/**
 * The public sources' network, the same for all four (workers/lib/source-fetcher.ts): locally
 * (`localFetch`, the dev entry only) an address on this machine is one of our stand-ins, answered
 * in-process whatever port the vars name; any other goes out.
 */
export function enginesFetcher(localFetch?: Fetcher): SourceFetcher {
  const plain = sourceFetcher(localFetch)
  return (request) => plain(request.url, request)
}

/**
 * What the SOURCES consumer does with one page: fetch and store it, then announce at once what it
 * made new for the people who follow it (a DJEN page's intimações), rather than at the next tick:
 * a communication reaches its lawyer within OAB_RECHECK_MINUTES (decisions/0100). The announcer's
 * keys make it harmless beside the cron's own step.
 */
export function sourcesHandler(deps: Deps, fetcher: SourceFetcher) {
  return async (body: SourcePageMessage): Promise<void> => {
    const outcome = await runSourcePage(deps, fetcher, body)
    console.log(JSON.stringify({ source: body, ...outcome }))
    if (outcome.kind === 'stored' && outcome.records > 0) await announceIntimations(deps)
  }
}

/** One consumer per queue; dead-letter queues keep what exhausted its retries. */
export async function handleQueue(
  batch: MessageBatch<unknown>,
  env: Env,
  localFetch?: Fetcher,
): Promise<void> {
  const deps = createDeps(env)
  if (batch.queue.endsWith('-dlq')) {
    for (const message of batch.messages) await keepFailed(batch, deps, message)
    return
  }
  if (batch.queue.startsWith('notificacoes')) {
    return consumeEach(batch, deps, notificationsQueueMessage, notificationHandler(deps, env.BASE_DOMAIN))
  }
  if (batch.queue.startsWith('monitoramento')) {
    return consumeEach(
      batch,
      deps,
      monitoringQueueMessage,
      monitoringHandler(deps, webhookFetcher(env, localFetch)),
    )
  }
  if (batch.queue === 'fontes') {
    return consumeEach(
      batch,
      deps,
      sourcesMessage,
      sourcesHandler(deps, enginesFetcher(localFetch)),
      // The engine's own delay: the source's Retry-After, else backoff with jitter (decisions/0100).
      (_body, _attempts, error) => (error instanceof RetryLater ? error.delaySeconds : undefined),
    )
  }
  // A queue this Worker does not know: retrying would not help, and acking would lose data.
  console.error(JSON.stringify({ queue: batch.queue, error: 'unknown queue' }))
  batch.retryAll()
}
