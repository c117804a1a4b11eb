import { and, asc, eq, gte, lt } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { jobRuns } from '~/db/schema'
import { jobWindowDone, lastJobRun, recordJobWindow } from '~/domain/jobs/jobs.server'
import { type MonitoringSweepMessage, monitoringSweepMessage } from './monitoring-messages'

const PLAN_JOB = 'monitoring-plan'
const SWEEP_JOB = 'monitoring-sweep'
/** First run ever: look back one cron interval. */
const FIRST_WINDOW_MS = 5 * 60 * 1000

/**
 * Cron side: one sweep message per window, from the previous window's end to this run's time.
 * The window is recorded only after the send succeeded: a failed send leaves it open, and the
 * next tick's window starts where the last recorded one ended, so nothing is skipped. A repeated
 * invocation for a recorded time sends nothing; two racing ones may both send, which the sweep
 * absorbs (it is idempotent per window).
 */
export async function planMonitoringSweep(
  deps: { db: Database; monitoringQueue: Queue },
  scheduledTime: number,
): Promise<MonitoringSweepMessage | null> {
  const previous = await lastJobRun(deps, PLAN_JOB)
  const previousTo = typeof previous?.details?.to === 'number' ? previous.details.to : null
  const from =
    previousTo !== null && previousTo < scheduledTime ? previousTo : scheduledTime - FIRST_WINDOW_MS
  const message = monitoringSweepMessage.parse({ type: 'sweep', from, to: scheduledTime })
  if (await jobWindowDone(deps, PLAN_JOB, String(scheduledTime))) return null
  await deps.monitoringQueue.send(message, { contentType: 'json' })
  await recordJobWindow(deps, PLAN_JOB, String(scheduledTime), { from, to: scheduledTime })
  return message
}

/**
 * Queue side: checks the material that entered the corpus in the window against the users'
 * monitorings (the monitoring issue adds the matching). Recorded only once the check succeeded:
 * a consumer that throws leaves the window open for the retry.
 */
export async function runMonitoringSweep(
  deps: { db: Database },
  message: MonitoringSweepMessage,
  check: (window: MonitoringSweepMessage) => Promise<{ monitoringsChecked: number }> = async () => ({
    monitoringsChecked: 0,
  }),
): Promise<{ ran: boolean }> {
  const key = `${message.from}-${message.to}`
  if (await jobWindowDone(deps, SWEEP_JOB, key)) return { ran: false }
  const result = await check(message)
  const ran = await recordJobWindow(deps, SWEEP_JOB, key, { from: message.from, to: message.to, ...result })
  return { ran }
}

/** How long a window may stay unchecked before the cron sends it again, and how far back it looks. */
const RECHECK_AFTER_MS = 10 * 60 * 1000
const RECHECK_HORIZON_MS = 24 * 60 * 60 * 1000

/**
 * Cron side, every tick: a window planned over 10 minutes ago whose sweep never recorded success
 * (the consumer failed until the dead-letter queue took it) is sent again, oldest first, a few
 * per tick. The sweep is idempotent, so a window that was merely slow is only checked twice.
 */
export async function recheckOpenWindows(
  deps: { db: Database; monitoringQueue: Queue },
  now: number,
  limit = 5,
): Promise<number> {
  const plans = await deps.db
    .select()
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.job, PLAN_JOB),
        gte(jobRuns.createdAt, now - RECHECK_HORIZON_MS),
        lt(jobRuns.createdAt, now - RECHECK_AFTER_MS),
      ),
    )
    .orderBy(asc(jobRuns.createdAt))
  let sent = 0
  for (const plan of plans) {
    if (sent >= limit) break
    const parsed = monitoringSweepMessage.safeParse({ type: 'sweep', ...plan.details })
    if (!parsed.success) continue
    if (await jobWindowDone(deps, SWEEP_JOB, `${parsed.data.from}-${parsed.data.to}`)) continue
    await deps.monitoringQueue.send(parsed.data, { contentType: 'json' })
    sent++
  }
  return sent
}
