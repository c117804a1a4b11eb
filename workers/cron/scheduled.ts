import { createDeps } from '~/deps.server'
import { recordJobWindow } from '~/domain/jobs/jobs.server'
import { planMonitoringSweep } from '~/domain/monitoring/sweep.server'
import { rebuildSuggestions } from '~/domain/suggestions/suggestions.server'

/**
 * Every cron tick: rebuild the suggestion lists in KV, then hand the new time window to the
 * monitoring queue. Both are safe to run twice for the same tick.
 */
export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const deps = createDeps(env)
  const rebuilt = await rebuildSuggestions(deps)
  await recordJobWindow(deps, 'suggestions', String(controller.scheduledTime), rebuilt)
  await planMonitoringSweep(deps, controller.scheduledTime)
}
