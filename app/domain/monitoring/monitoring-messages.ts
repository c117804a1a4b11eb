import { monitoringSweepMessage } from '~/domain/jobs/jobs.server'
import { z } from '~/schemas/zod'

/** One hit to POST to its owner's webhook (retried with backoff by the MONITORING consumer). */
export const webhookMessage = z.object({
  type: z.literal('webhook'),
  hitId: z.number().int().positive(),
})
export type WebhookMessage = z.infer<typeof webhookMessage>

/** One attempt of a stored delivery: a retry's wake-up, or the cron's sweep of due ones (decisions/0051). */
export const webhookDeliveryMessage = z.object({
  type: z.literal('webhook-delivery'),
  deliveryId: z.number().int().positive(),
})
export type WebhookDeliveryMessage = z.infer<typeof webhookDeliveryMessage>

/** Everything the MONITORING queue carries: the cron's windows and webhook deliveries. */
export const monitoringQueueMessage = z.discriminatedUnion('type', [
  monitoringSweepMessage,
  webhookMessage,
  webhookDeliveryMessage,
])
export type MonitoringQueueMessage = z.infer<typeof monitoringQueueMessage>
