import type { z } from 'zod'
import type { Deps } from '~/deps.server'
import { recordFailedJob } from '~/domain/jobs/jobs.server'

/**
 * Acks or retries each message on its own, so one bad message never redelivers its batch-mates.
 * A message that does not parse can never succeed: it is kept in failed_jobs and acked at once.
 * Retry delays come from the consumer's `retry_delay` in wrangler.toml.
 */
/** Keeps a message that cannot succeed (unparseable, or out of retries) in failed_jobs, then acks it. */
export async function keepFailed(batch: MessageBatch<unknown>, deps: Deps, message: Message<unknown>) {
  await recordFailedJob(deps, {
    queue: batch.queue,
    messageId: message.id,
    body: message.body,
    attempts: message.attempts,
  })
  message.ack()
}

export async function consumeEach<S extends z.ZodType>(
  batch: MessageBatch<unknown>,
  deps: Deps,
  schema: S,
  handle: (body: z.infer<S>, message: Message<unknown>) => Promise<unknown>,
  /** Seconds before a failed message is tried again (else the consumer's `retry_delay`). */
  retryDelay?: (body: z.infer<S>, attempts: number, error: unknown) => number | undefined,
): Promise<void> {
  for (const message of batch.messages) {
    const parsed = schema.safeParse(message.body)
    if (!parsed.success) {
      await keepFailed(batch, deps, message)
      continue
    }
    try {
      await handle(parsed.data, message)
      message.ack()
    } catch (error) {
      console.error(
        JSON.stringify({
          queue: batch.queue,
          messageId: message.id,
          attempts: message.attempts,
          error: String(error),
        }),
      )
      const delaySeconds = retryDelay?.(parsed.data, message.attempts, error)
      message.retry(delaySeconds === undefined ? undefined : { delaySeconds })
    }
  }
}
