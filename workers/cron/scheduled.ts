import { createDeps, type Deps } from '~/deps.server'
import { removeLapsedClaims } from '~/domain/claims/claims.server'
import { remaskSlice } from '~/domain/corpus/masking/remask.server'
import { splitLargeShards } from '~/domain/corpus/split/threshold.server'
import { announceIntimations, remindDeadlines } from '~/domain/intimations/announce.server'
import { RECOUNT_PER_TICK, recountStale } from '~/domain/intimations/recount.server'
import { recordJobWindow } from '~/domain/jobs/jobs.server'
import { pruneDailyQuotas } from '~/domain/limits/daily-quotas.server'
import { planMonitoringSweep, recheckOpenWindows } from '~/domain/monitoring/sweep.server'
import { planWebhookRetries } from '~/domain/monitoring/webhook-delivery.server'
import { planDailyDigest } from '~/domain/notifications/digest.server'
import { resendPending } from '~/domain/notifications/notifications.server'
import { retryOwedMasking } from '~/domain/removal/decisions.server'
import { retryDocumentDeletions } from '~/domain/removal/document-deletion.server'
import { refreshCorpusCommonTerms } from '~/domain/search/common-terms.server'
import { mergeCorpusIndexes } from '~/domain/search/index-merge.server'
import { refreshCorpusPartyImpacts } from '~/domain/search/party-impacts.server'
import { sweepSpelling } from '~/domain/search/spelling-terms.server'
import { planSources } from '~/domain/sources/plan.server'
import { rebuildSuggestions } from '~/domain/suggestions/suggestions.server'

/** One step of a tick: its name (for the log) and its work. */
export type CronStep = [name: string, run: (deps: Deps, scheduledTime: number) => Promise<unknown>]

/**
 * Every cron tick: rebuild the suggestion lists in KV, hand the new time window to the monitoring
 * queue, send again the notifications a queue refused and the webhook deliveries whose retry is
 * due (decisions/0051), and (once a day, from 08:00 in Brasília) start the e-mail digest. Each is
 * safe to run twice for the same tick, and each only enqueues: the mailing and the matching run in
 * the queue consumers, so a tick stays short. Last, a share of the spelling dictionary is refreshed
 * in place (60 small batches, decisions/0042), and lapsed pending claims are removed.
 */
export const CRON_STEPS: CronStep[] = [
  [
    'suggestions',
    async (deps, time) => recordJobWindow(deps, 'suggestions', String(time), await rebuildSuggestions(deps)),
  ],
  ['monitoring-plan', (deps, time) => planMonitoringSweep(deps, time)],
  ['monitoring-recheck', (deps) => recheckOpenWindows(deps, Date.now())],
  // New intimações by OAB: their notification and webhook delivery, before the webhook step sends
  // it; and once a day the deadlines' reminders (issue 41, decisions/0103).
  ['intimations-announce', (deps) => announceIntimations(deps)],
  // Stored deadlines counted by an older calendar or touched by a new suspension: a resumable walk
  // (decisions/0103), before the reminders read the last days.
  ['deadline-recount', (deps) => recountStale(deps, { limit: RECOUNT_PER_TICK })],
  ['deadline-reminders', (deps, time) => remindDeadlines(deps, time)],
  // The public sources (issue 40, decisions/0100): monitored lawsuits to look up at DataJud, the
  // followed courts' next windows, lost pages again; only queued, the SOURCES consumer fetches.
  ['sources-plan', (deps, time) => planSources(deps, time)],
  ['webhook-retries', (deps) => planWebhookRetries(deps)],
  ['notifications-pending', (deps) => resendPending(deps)],
  ['digest-plan', (deps, time) => planDailyDigest(deps, time)],
  ['spelling', (deps) => sweepSpelling(deps.db, undefined, deps.corpus)],
  // The indexes merged into few segments where imports or a split scattered them (decisions/0112),
  // before the common words: a merge changes the state their counts are stamped with.
  ['index-merge', (deps) => mergeCorpusIndexes(deps.corpus)],
  // The indexes' common words counted again where an import changed them (decisions/0110).
  ['common-terms', (deps) => refreshCorpusCommonTerms(deps.corpus)],
  // The parties' impacts caught up with the parties an import wrote (decisions/0111).
  ['party-impacts', (deps) => refreshCorpusPartyImpacts(deps.corpus, { batches: 25 })],
  // Pending "Este sou eu" claims past 30 days (one indexed delete; decisions/0047).
  ['claims-lapsed', (deps, time) => removeLapsedClaims(deps, new Date(time))],
  ['daily-quotas', (deps) => pruneDailyQuotas(deps)],
  // A changed sensitive-code list: a few slices of the re-mask walk per tick (decisions/0064).
  ['remask', (deps) => remaskTick(deps)],
  // Identity documents of decided removal requests whose deletion failed (decisions/0071).
  ['removal-documents', (deps) => retryDocumentDeletions(deps)],
  // "Mask names" decisions whose stored masking failed or predates it (decisions/0071).
  ['removal-masking', (deps) => retryOwedMasking(deps)],
  // A corpus database past SHARD_SPLIT_BYTES: its shard is split, a share of batches per tick,
  // resumed where it stopped (decisions/0077).
  ['corpus-split', (deps) => splitLargeShards(deps, { budgetMs: 20_000 })],
]

/** Up to REMASK_SLICES_PER_TICK slices, stopping when the walk for the list in force is done. */
const REMASK_SLICES_PER_TICK = 5
async function remaskTick(deps: Deps) {
  for (let i = 0; i < REMASK_SLICES_PER_TICK; i++) if ((await remaskSlice(deps)).phase === 'fim') return
}

/**
 * Runs every step even when an earlier one fails (decisions/0053): a broken suggestion rebuild
 * must not stop the monitoring or the digest for as long as it stays broken. Each failure is
 * logged; the tick then fails as a whole, so the platform shows it.
 */
export async function runCronSteps(deps: Deps, scheduledTime: number, steps: CronStep[] = CRON_STEPS) {
  const failed: string[] = []
  for (const [name, run] of steps) {
    try {
      await run(deps, scheduledTime)
    } catch (error) {
      failed.push(name)
      console.error(JSON.stringify({ cron: name, scheduledTime, error: String(error) }))
    }
  }
  if (failed.length) throw new Error(`cron steps failed: ${failed.join(', ')}`)
}

export async function handleScheduled(controller: ScheduledController, env: Env): Promise<void> {
  await runCronSteps(createDeps(env), controller.scheduledTime)
}
