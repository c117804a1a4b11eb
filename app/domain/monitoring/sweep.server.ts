import type { Database } from '~/db/client.server'
import {
  claimJobWindow,
  lastJobRun,
  type MonitoringSweepMessage,
  monitoringSweepMessage,
} from '~/domain/jobs/jobs.server'

const PLAN_JOB = 'monitoring-plan'
const SWEEP_JOB = 'monitoring-sweep'
/** First run ever: look back one cron interval. */
const FIRST_WINDOW_MS = 5 * 60 * 1000

/**
 * Cron side: one sweep message per window, from the previous window's end to this run's time.
 * A repeated cron invocation for the same time claims nothing and sends nothing.
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
  if (!(await claimJobWindow(deps, PLAN_JOB, String(scheduledTime), { from, to: scheduledTime }))) return null
  await deps.monitoringQueue.send(message, { contentType: 'json' })
  return message
}

/**
 * Queue side: checks the material published in the window against the users' monitorings.
 * The corpus and monitoring issues add the matching; the window bookkeeping is final.
 */
export async function runMonitoringSweep(
  deps: { db: Database },
  message: MonitoringSweepMessage,
): Promise<{ ran: boolean }> {
  const ran = await claimJobWindow(deps, SWEEP_JOB, `${message.from}-${message.to}`, {
    from: message.from,
    to: message.to,
    monitoringsChecked: 0,
  })
  return { ran }
}
