import { createDeps, type Deps } from '~/deps.server'
import { fanOutCommunityArticle } from '~/domain/articles/fan-out.server'
import { deliverArticleVotes } from '~/domain/articles/vote-notifications.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { monitoringQueueMessage } from '~/domain/monitoring/messages'
import { runMonitoringSweep } from '~/domain/monitoring/sweep.server'
import { deliverHitWebhook, type Fetcher } from '~/domain/monitoring/webhooks.server'
import { runDigestPage } from '~/domain/notifications/digest.server'
import {
  type CommunityArticleMessage,
  deliverNotification,
  type NotificationsQueueMessage,
  notificationsQueueMessage,
} from '~/domain/notifications/notifications.server'
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
 * Outbound webhook calls. Locally (`localFetch`, the dev entry only) a URL on this server's own
 * host is answered in-process: a Worker cannot reliably fetch its own local address.
 */
function webhookFetcher(env: Env, localFetch?: Fetcher): Fetcher {
  return (request) =>
    localFetch && new URL(request.url).host === env.BASE_DOMAIN ? localFetch(request) : fetch(request)
}

/** Webhooks back off: 30 s, 2 min, 8 min… (at most an hour) between attempts. */
const webhookDelay = (attempts: number) => Math.min(3600, 30 * 4 ** Math.max(0, attempts - 1))

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
    const fetcher = webhookFetcher(env, localFetch)
    return consumeEach(
      batch,
      deps,
      monitoringQueueMessage,
      (body, message) =>
        body.type === 'sweep'
          ? runMonitoringSweep(deps, body, (window) => checkWindow(deps, window))
          : deliverHitWebhook(deps, fetcher, body.hitId, message.attempts),
      (body, attempts) => (body.type === 'webhook' ? webhookDelay(attempts) : undefined),
    )
  }
  // A queue this Worker does not know: retrying would not help, and acking would lose data.
  console.error(JSON.stringify({ queue: batch.queue, error: 'unknown queue' }))
  batch.retryAll()
}
