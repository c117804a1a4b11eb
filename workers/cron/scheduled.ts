import { createDeps } from '~/deps.server'
import { jobWindowDone, recordJobWindow } from '~/domain/jobs/jobs.server'
import { planMonitoringSweep } from '~/domain/monitoring/sweep.server'
import { digestDue, runDailyDigest } from '~/domain/notifications/emails.server'
import { resendPending } from '~/domain/notifications/notifications.server'
import { rebuildSuggestions } from '~/domain/suggestions/suggestions.server'

/**
 * Every cron tick: rebuild the suggestion lists in KV, hand the new time window to the monitoring
 * queue, and once a day send the notification digest. All are safe to run twice for the same tick.
 */
export async function handleScheduled(
  controller: ScheduledController,
  env: Env,
  ctx?: ExecutionContext,
): Promise<void> {
  const deps = createDeps(env)
  const rebuilt = await rebuildSuggestions(deps)
  await recordJobWindow(deps, 'suggestions', String(controller.scheduledTime), rebuilt)
  await planMonitoringSweep(deps, controller.scheduledTime)
  // Notifications the queue refused during a request go out now (decisions/0029).
  await resendPending(deps)
  // The daily digest: the first tick from 08:00 (Brasília) runs it; the day is recorded only
  // after it finished, so a failed run is finished by the next tick, never sent twice. It runs
  // after the tick's quick work, in the background, so a long digest delays nothing else.
  const { due, day } = digestDue(new Date(controller.scheduledTime))
  if (due && !(await jobWindowDone(deps, 'digest', day))) {
    const digest = runDailyDigest(deps)
      .then((totals) => recordJobWindow(deps, 'digest', day, totals))
      .catch((error) => console.error(JSON.stringify({ job: 'digest', day, error: String(error) })))
    if (ctx) ctx.waitUntil(digest)
    else await digest
  }
}
