import { z } from '~/schemas/zod'

// The MONITORING queue's one schema (decisions/0061): the cron, the check and the webhook
// deliveries send through it, and the consumer (workers/queues/index.ts) parses every message
// with it. It sits beside the use-cases the consumer calls, at the domain's level, so every
// producer may import it.

/** A window of the sweep: look for new material published in [from, to). */
export const monitoringSweepMessage = z.object({
  type: z.literal('sweep'),
  from: z.number().int().nonnegative(),
  to: z.number().int().positive(),
})
export type MonitoringSweepMessage = z.infer<typeof monitoringSweepMessage>

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

/**
 * Producer side: a message its consumer would refuse is refused here, where the caller still
 * knows what it was doing, rather than kept later as a failed job.
 */
export function monitoringMessage(message: MonitoringQueueMessage): MonitoringQueueMessage {
  return monitoringQueueMessage.parse(message)
}

/** The same check for a `sendBatch`. */
export function monitoringBatch(messages: readonly MonitoringQueueMessage[]) {
  return messages.map((body) => ({ body: monitoringMessage(body), contentType: 'json' as const }))
}
