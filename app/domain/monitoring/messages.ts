import { monitoringSweepMessage } from '~/domain/jobs/jobs.server'
import { z } from '~/schemas/zod'

/** One hit to POST to its owner's webhook (retried with backoff by the MONITORING consumer). */
export const webhookMessage = z.object({
  type: z.literal('webhook'),
  hitId: z.number().int().positive(),
})
export type WebhookMessage = z.infer<typeof webhookMessage>

/** Everything the MONITORING queue carries: the cron's windows and webhook deliveries. */
export const monitoringQueueMessage = z.discriminatedUnion('type', [monitoringSweepMessage, webhookMessage])
export type MonitoringQueueMessage = z.infer<typeof monitoringQueueMessage>
