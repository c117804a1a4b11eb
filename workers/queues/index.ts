import { createDeps } from '~/deps.server'
import { fanOutCommunityArticle } from '~/domain/articles/fan-out.server'
import { deliverArticleVotes } from '~/domain/articles/vote-notifications.server'
import { monitoringSweepMessage } from '~/domain/jobs/jobs.server'
import { runMonitoringSweep } from '~/domain/monitoring/sweep.server'
import { deliverNotification, notificationsQueueMessage } from '~/domain/notifications/notifications.server'
import { consumeEach, keepFailed } from './consume'

/** One consumer per queue; dead-letter queues keep what exhausted its retries. */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deps = createDeps(env)
  if (batch.queue.endsWith('-dlq')) {
    for (const message of batch.messages) await keepFailed(batch, deps, message)
    return
  }
  if (batch.queue.startsWith('notificacoes')) {
    return consumeEach(batch, deps, notificationsQueueMessage, (body) =>
      body.type === 'notify'
        ? deliverNotification(deps, body, env.BASE_DOMAIN)
        : body.type === 'community-article'
          ? fanOutCommunityArticle(deps, body)
          : deliverArticleVotes(deps, body),
    )
  }
  if (batch.queue.startsWith('monitoramento')) {
    return consumeEach(batch, deps, monitoringSweepMessage, (body) => runMonitoringSweep(deps, body))
  }
  // A queue this Worker does not know: retrying would not help, and acking would lose data.
  console.error(JSON.stringify({ queue: batch.queue, error: 'unknown queue' }))
  batch.retryAll()
}
