import { z } from '~/schemas/zod'

// The SOURCES queue's one schema (decisions/0061, 0100): the cron, the engine and "Tentar de
// novo" send through it; the consumer parses every message with it. A message names a job and
// the page it is for; the job row in D1 holds the request itself.

export const sourcePageMessage = z.object({
  type: z.literal('page'),
  jobId: z.number().int().positive(),
  page: z.number().int().nonnegative(),
})
export type SourcePageMessage = z.infer<typeof sourcePageMessage>

export const sourcesMessage = sourcePageMessage
