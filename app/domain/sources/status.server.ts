import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import { sourceCursors, sourceJobs } from '~/db/schema-sources'
import type { Deps } from '~/domain/deps'
import type { Outcome } from '~/domain/outcome'
import { t } from '~/i18n/pt-BR'
import { SOURCES } from './catalogue'
import { retrySourceJob } from './engine.server'

const DAY = 86_400_000
const REVIEW_PATH = '/revisao/fontes'

/** "Tentar de novo": the dead letter goes back to the queue, for the reviewer's form or script. */
export async function retryDeadLetter(
  deps: Pick<Deps, 'db' | 'sourcesQueue'>,
  jobId: number,
): Promise<Outcome> {
  const job = await retrySourceJob(deps, jobId)
  return {
    message: t('sources.retry.done'),
    redirect: REVIEW_PATH,
    body: { redirect_url: REVIEW_PATH, trabalho: { id: job.id } },
  }
}

export type SourceFreshness = {
  id: string
  name: string
  /** The last page stored (ms), or null if none yet. */
  lastSuccess: number | null
  /** Records stored by jobs finished in the last 24 hours. */
  recordsLastDay: number
  /** Jobs waiting and dead letters now. */
  pending: number
  dead: number
  /** The oldest day of a followed window not fetched yet (ISO), or null when caught up. */
  behindSince: string | null
  /** Failing: a dead letter, or a pending page that has failed its last tries. */
  failing: boolean
}

/** Per source: when it last worked, what it brought in a day, how far behind, and whether it fails. */
export async function sourcesFreshness(deps: Pick<Deps, 'db'>, now: number): Promise<SourceFreshness[]> {
  const out: SourceFreshness[] = []
  for (const entry of SOURCES) {
    const of = eq(sourceJobs.source, entry.id)
    const [stats] = await deps.db
      .select({
        lastSuccess: sql<
          number | null
        >`max(${sourceJobs.updatedAt}) FILTER (WHERE ${sourceJobs.attempts} = 0 AND (${sourceJobs.page} > 0 OR ${sourceJobs.status} = 'feito'))`,
        recordsLastDay: sql<number>`coalesce(sum(${sourceJobs.records}) FILTER (WHERE ${sourceJobs.doneAt} >= ${now - DAY}), 0)`,
        pending: sql<number>`count(*) FILTER (WHERE ${sourceJobs.status} = 'pendente')`,
        dead: sql<number>`count(*) FILTER (WHERE ${sourceJobs.status} = 'falhou')`,
        retrying: sql<number>`count(*) FILTER (WHERE ${sourceJobs.status} = 'pendente' AND ${sourceJobs.attempts} > 0)`,
        behindSince: sql<
          string | null
        >`min(json_extract(${sourceJobs.request}, '$.window.from')) FILTER (WHERE ${sourceJobs.status} <> 'feito' AND ${sourceJobs.key} LIKE 'janela:%')`,
      })
      .from(sourceJobs)
      .where(of)
    out.push({
      id: entry.id,
      name: entry.name,
      lastSuccess: stats?.lastSuccess ?? null,
      recordsLastDay: stats?.recordsLastDay ?? 0,
      pending: stats?.pending ?? 0,
      dead: stats?.dead ?? 0,
      behindSince: stats?.behindSince ?? null,
      failing: (stats?.dead ?? 0) > 0 || (stats?.retrying ?? 0) > 0,
    })
  }
  return out
}

/** Records fetched per month per source, the last `months` months (for /cobertura's chart). */
export async function recordsPerMonth(deps: Pick<Deps, 'db'>, now: number, months = 12) {
  const since = new Date(now)
  since.setUTCMonth(since.getUTCMonth() - (months - 1), 1)
  since.setUTCHours(0, 0, 0, 0)
  const rows = await deps.db
    .select({
      source: sourceJobs.source,
      month: sql<string>`strftime('%Y-%m', ${sourceJobs.doneAt} / 1000, 'unixepoch')`,
      records: sql<number>`sum(${sourceJobs.records})`,
    })
    .from(sourceJobs)
    .where(and(eq(sourceJobs.status, 'feito'), gte(sourceJobs.doneAt, since.getTime())))
    .groupBy(sourceJobs.source, sql`2`)
  const monthsList: string[] = []
  for (let i = 0; i < months; i++) {
    const d = new Date(since)
    d.setUTCMonth(since.getUTCMonth() + i)
    monthsList.push(d.toISOString().slice(0, 7))
  }
  return {
    months: monthsList,
    series: SOURCES.map((s) => ({
      id: s.id,
      name: s.name,
      counts: monthsList.map((m) => rows.find((r) => r.source === s.id && r.month === m)?.records ?? 0),
    })),
  }
}

/** The reviewers' page: each source's cursors, recent jobs and dead letters. */
export async function sourcesReview(deps: Pick<Deps, 'db'>) {
  const ids = SOURCES.map((s) => s.id)
  const [cursors, recent, dead] = await Promise.all([
    deps.db.select().from(sourceCursors).where(inArray(sourceCursors.source, ids)),
    deps.db
      .select()
      .from(sourceJobs)
      .where(inArray(sourceJobs.source, ids))
      .orderBy(desc(sourceJobs.updatedAt))
      .limit(30),
    deps.db
      .select()
      .from(sourceJobs)
      .where(and(inArray(sourceJobs.source, ids), eq(sourceJobs.status, 'falhou')))
      .orderBy(desc(sourceJobs.updatedAt))
      .limit(100),
  ])
  return SOURCES.map((s) => ({
    id: s.id,
    name: s.name,
    paging: s.paging,
    budget: s.budget,
    perMinute: s.manners.perMinute,
    cursors: cursors.filter((c) => c.source === s.id),
    recent: recent.filter((j) => j.source === s.id),
    dead: dead.filter((j) => j.source === s.id),
  }))
}
