import { createDeps } from '~/deps.server'
import { removeLapsedClaims } from '~/domain/claims/claims.server'
import { recordJobWindow } from '~/domain/jobs/jobs.server'
import { pruneDailyQuotas } from '~/domain/limits/daily-quotas.server'
import { planMonitoringSweep, recheckOpenWindows } from '~/domain/monitoring/sweep.server'
import { planWebhookRetries } from '~/domain/monitoring/webhook-delivery.server'
import { planDailyDigest } from '~/domain/notifications/digest.server'
import { resendPending } from '~/domain/notifications/notifications.server'
import { sweepSpelling } from '~/domain/search/spelling-terms.server'
import { rebuildSuggestions } from '~/domain/suggestions/suggestions.server'

/**
 * Every cron tick: rebuild the suggestion lists in KV, hand the new time window to the monitoring
 * queue, send again the notifications a queue refused and the webhook deliveries whose retry is
 * due (decisions/0051), and (once a day, from 08:00 in Brasília)
 * start the e-mail digest. Each is safe to run twice for the same tick, and each only enqueues:
 * the mailing and the matching run in the queue consumers, so a tick stays short. Last, a share
 * of the spelling dictionary is refreshed in place (60 small batches, decisions/0042), and lapsed
 * pending claims are removed.
 */
export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  const deps = createDeps(env)
  const rebuilt = await rebuildSuggestions(deps)
  await recordJobWindow(deps, 'suggestions', String(controller.scheduledTime), rebuilt)
  await planMonitoringSweep(deps, controller.scheduledTime)
  await recheckOpenWindows(deps, Date.now())
  await planWebhookRetries(deps)
  await resendPending(deps)
  await planDailyDigest(deps, controller.scheduledTime)
  await sweepSpelling(deps.db)
  // Pending "Este sou eu" claims past 30 days (one indexed delete; decisions/0047).
  await removeLapsedClaims(deps, new Date(controller.scheduledTime))
  await pruneDailyQuotas(deps)
}
