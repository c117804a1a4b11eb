import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { failedJobs, jobRuns } from '~/db/schema'

/** True when that window's work already succeeded (checked first: at-least-once delivery). */
export async function jobWindowDone(
  deps: { db: Database },
  job: string,
  windowKey: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.windowKey, windowKey)))
    .limit(1)
  return !!row
}

/**
 * Records a job window as done, only AFTER its work succeeded: a failure leaves it unrecorded, so
 * the retry (or the next sweep) does it again and nothing is lost. False when another run of the
 * same window recorded it first (the work must therefore be idempotent).
 */
export async function recordJobWindow(
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
