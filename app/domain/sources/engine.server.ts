import { and, eq, sql } from 'drizzle-orm'
import { lawsuitLookups, sourceJobs } from '~/db/schema-sources'
import { purgeImported } from '~/domain/corpus/import/purge.server'
import type { Deps } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import { quietHistory } from '~/domain/intimations/history.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { type SourceEntry, sourceEntry } from './catalogue'
import { brasiliaDay } from './people.server'
import {
  backoff,
  type Clock,
  DEFAULT_MANNERS,
  type Fetcher,
  type Manners,
  politeFetch,
  realClock,
} from './polite-fetch'
import { type SourcePageMessage, sourcesMessage } from './sources-messages'
import { type PageRequest, type SourceConfig, SourceError } from './types'

export type EngineDeps = Pick<Deps, 'db' | 'corpus' | 'sourcesQueue' | 'sourceVar' | 'pageVersions'> & {
  suggestions?: KVNamespace
}

/** Tries of one page (over queue deliveries) before the job becomes a dead letter. */
export const MAX_ATTEMPTS = 5
/** First delay of a page's queue retry (seconds), doubled per try, with jitter; at most an hour. */
const RETRY_BASE_SECONDS = 30
const RETRY_MAX_SECONDS = 3600

/** Where a source is read from and with which keys, from its catalogue entry's vars and secrets. */
export function sourceConfig(deps: Pick<Deps, 'sourceVar'>, entry: SourceEntry): SourceConfig {
  return {
    baseUrl: deps.sourceVar(entry.urlVar) ?? '',
    credentials: Object.fromEntries(entry.secrets.map((name) => [name, deps.sourceVar(name) ?? ''])),
  }
}

/** What a page's run did: for the log and the tests. */
export type PageOutcome =
  | { kind: 'stored'; records: number; skipped: number; next: boolean }
  | { kind: 'stale' }
  | { kind: 'dead'; error: string }

/** Thrown to the queue: try this message again after `delaySeconds`. */
export class RetryLater extends Error {
  constructor(
    readonly delaySeconds: number,
    message: string,
  ) {
    super(message)
  }
}

export type EngineOptions = { manners?: Partial<Manners>; clock?: Clock }

/**
 * One page of one job (one Queue message): fetch it politely, store its records through the
 * source's importer, then move the job on: to its next page (and queue it) or to done. The job
 * row names the page it expects, so a message delivered twice, or one the cron sent again, finds
 * the page already done and does nothing (`stale`); a page is stored before the job moves past it,
 * so a failure between the two repeats the page (stored once: the importer is idempotent) rather
 * than losing it. A failure is tried again by the queue with backoff (or the source's
 * Retry-After); after MAX_ATTEMPTS the job is kept as a dead letter for the reviewers.
 */
export async function runSourcePage(
  deps: EngineDeps,
  fetcher: Fetcher,
  message: SourcePageMessage,
  options: EngineOptions = {},
): Promise<PageOutcome> {
  const [job] = await deps.db.select().from(sourceJobs).where(eq(sourceJobs.id, message.jobId))
  if (job?.status !== 'pendente' || job.page !== message.page) return { kind: 'stale' }
  const entry = sourceEntry(job.source)
  if (!entry) return markDead(deps, job.id, `fonte desconhecida: ${job.source}`)
  const clock = options.clock ?? realClock
  const http = politeFetch(
    entry.id,
    fetcher,
    { ...DEFAULT_MANNERS, ...entry.manners, ...options.manners },
    clock,
  )
  const request = job.request as unknown as PageRequest
  try {
    const result = await entry.client.fetchPage(http, sourceConfig(deps, entry), request)
    const storing = Date.now()
    const counts = await entry.store(
      { db: deps.db, corpus: deps.corpus, suggestions: deps.suggestions },
      result.records as never[],
    )
    // A look-back's finds are history: only the open deadlines are announced (decisions/0100).
    if (job.key.startsWith('oab-historico:')) await quietLookback(deps, job.key, result.records)
    // What changed is shown at once to anonymous visitors too, as after `npm run import`.
    if (counts.imported + counts.updated > 0) await purgeImported(deps.corpus, deps.pageVersions, storing)
    const done = !result.next
    // Past the job's page budget the window is not dropped: it stops where it is, as a dead
    // letter a reviewer sees and resumes ("Tentar de novo" goes on from the next page).
    const capped = !done && job.page + 1 >= entry.budget.pagesPerJob
    const skips = [...(job.skips ?? []), ...result.skipped].slice(-20)
    const moved = await deps.db
      .update(sourceJobs)
      .set({
        ...(done
          ? { status: 'feito' as const, doneAt: Date.now() }
          : { request: result.next as unknown as Record<string, unknown>, page: job.page + 1 }),
        ...(capped
          ? {
              status: 'falhou' as const,
              lastError: plural(
                entry.budget.pagesPerJob,
                t('sources.job.pageBudget.one', { n: entry.budget.pagesPerJob }),
                t('sources.job.pageBudget.many', { n: entry.budget.pagesPerJob }),
              ),
            }
          : { lastError: null }),
        attempts: 0,
        records: sql`${sourceJobs.records} + ${result.records.length}`,
        skipped: sql`${sourceJobs.skipped} + ${result.skipped.length}`,
        skips: skips.length ? skips : null,
        updatedAt: Date.now(),
      })
      .where(and(eq(sourceJobs.id, job.id), eq(sourceJobs.page, job.page), eq(sourceJobs.status, 'pendente')))
      .returning({ records: sourceJobs.records })
    // Another delivery of the same page got there first: it queued what comes next.
    if (!moved.length) return { kind: 'stale' }
    if (done) await afterJob(deps, job.source, job.key, moved[0]?.records ?? 0, result.records)
    else if (!capped) await sendPage(deps, { type: 'page', jobId: job.id, page: job.page + 1 })
    return {
      kind: 'stored',
      records: result.records.length,
      skipped: result.skipped.length,
      next: !done && !capped,
    }
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error)
    const attempts = job.attempts + 1
    // A refused credential does not heal by waiting: a dead letter at once, for a person to see.
    const auth = error instanceof SourceError && error.kind === 'auth'
    if (auth || attempts >= MAX_ATTEMPTS) return markDead(deps, job.id, text, attempts)
    await deps.db
      .update(sourceJobs)
      .set({ attempts, lastError: text, updatedAt: Date.now() })
      .where(eq(sourceJobs.id, job.id))
    const retryAfter = error instanceof SourceError ? error.retryAfterSeconds : undefined
    throw new RetryLater(
      Math.min(
        RETRY_MAX_SECONDS,
        retryAfter ?? Math.round(backoff(RETRY_BASE_SECONDS, attempts, clock.random)),
      ),
      text,
    )
  }
}

async function quietLookback(deps: EngineDeps, key: string, records: unknown[]) {
  const ids = (records as { communication?: { id: string } | null }[]).flatMap((r) =>
    r.communication ? [r.communication.id] : [],
  )
  await quietHistory(deps.db, Number(key.split(':')[1]), ids, {
    today: brasiliaDay(Date.now()),
    before: brasiliaDay(Date.now() - 86_400_000),
  })
}

async function markDead(
  deps: EngineDeps,
  jobId: number,
  error: string,
  attempts?: number,
): Promise<PageOutcome> {
  await deps.db
    .update(sourceJobs)
    .set({ status: 'falhou', lastError: error, updatedAt: Date.now(), ...(attempts ? { attempts } : {}) })
    .where(eq(sourceJobs.id, jobId))
  console.error(JSON.stringify({ sourceJob: jobId, dead: error }))
  return { kind: 'dead', error }
}

/** A lookup's answer is what the monitor shows: found (a public lawsuit) or not yet at DataJud. */
async function afterJob(deps: EngineDeps, source: string, key: string, total: number, last: unknown[]) {
  if (source !== 'datajud' || !key.startsWith('processo:')) return
  const cnj = key.split(':')[1] ?? ''
  const publicFound = (last as { secrecyLevel?: number }[]).some((r) => r.secrecyLevel === 0)
  const status = total > 0 && publicFound ? 'encontrado' : 'nao_encontrado'
  await deps.db
    .insert(lawsuitLookups)
    .values({ cnj, status, checkedAt: Date.now() })
    .onConflictDoUpdate({ target: lawsuitLookups.cnj, set: { status, checkedAt: Date.now() } })
}

export async function sendPage(deps: Pick<Deps, 'sourcesQueue'>, message: SourcePageMessage) {
  await deps.sourcesQueue.send(sourcesMessage.parse(message))
}

/** "Tentar de novo": a dead letter goes back to pending, its tries from zero, its page queued. */
export async function retrySourceJob(deps: Pick<Deps, 'db' | 'sourcesQueue'>, jobId: number) {
  const [job] = await deps.db
    .update(sourceJobs)
    .set({ status: 'pendente', attempts: 0, updatedAt: Date.now() })
    .where(and(eq(sourceJobs.id, jobId), eq(sourceJobs.status, 'falhou')))
    .returning({ id: sourceJobs.id, page: sourceJobs.page })
  if (!job) throw new DomainError('sources.retry.notDead', 404)
  await sendPage(deps, { type: 'page', jobId: job.id, page: job.page })
  return job
}
