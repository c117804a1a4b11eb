import { and, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { failedJobs, jobRuns } from '~/db/schema'

/**
 * Claims a job window. Returns false when that window already ran: cron and queues deliver at
 * least once, so every background job starts with this check.
 */
export async function claimJobWindow(
  deps: { db: Database },
  job: string,
  windowKey: string,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const inserted = await deps.db
    .insert(jobRuns)
    .values({ job, windowKey, details })
    .onConflictDoNothing({ target: [jobRuns.job, jobRuns.windowKey] })
    .returning({ id: jobRuns.id })
  return inserted.length > 0
}

export async function updateJobDetails(
  deps: { db: Database },
  job: string,
  windowKey: string,
  details: Record<string, unknown>,
): Promise<void> {
  await deps.db
    .update(jobRuns)
    .set({ details })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.windowKey, windowKey)))
}

export async function lastJobRun(deps: { db: Database }, job: string) {
  const [row] = await deps.db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, job))
    .orderBy(desc(jobRuns.createdAt), desc(jobRuns.id))
    .limit(1)
  return row ?? null
}

/** Dead letters are kept, not lost: one row per message id, however often it is redelivered. */
export async function recordFailedJob(
  deps: { db: Database },
  failed: { queue: string; messageId: string; body: unknown; attempts: number },
): Promise<void> {
  await deps.db
    .insert(failedJobs)
    .values({ ...failed, body: JSON.stringify(failed.body) })
    .onConflictDoNothing({ target: failedJobs.messageId })
}

/** The MONITORING queue's message: look for new material published in [from, to). */
export const monitoringSweepMessage = z.object({
  type: z.literal('sweep'),
  from: z.number().int().nonnegative(),
  to: z.number().int().positive(),
})
export type MonitoringSweepMessage = z.infer<typeof monitoringSweepMessage>
