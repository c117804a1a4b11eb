import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { lawsuitLookups, sourceCursors, sourceJobs } from '~/db/schema-sources'
import type { Deps } from '~/domain/deps'
import { SOURCES, type SourceEntry } from './catalogue'
import { datajudAlias } from './datajud'
import { sendPage } from './engine.server'
import { type Candidate, peopleFirst } from './people.server'

type PlanDeps = Pick<Deps, 'db' | 'sourcesQueue' | 'sourceVar'>

const DAY = 86_400_000
/** A pending job untouched this long lost its message (the queue's longest retry delay is an hour). */
const STALE_MS = 2 * 3_600_000
/** `LAWSUIT_RECHECK_MINUTES` when unset or unreadable; never more than a day. */
const RECHECK_DEFAULT_MINUTES = 720

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const addDays = (day: string, n: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY)

export function recheckMinutes(deps: Pick<Deps, 'sourceVar'>): number {
  const value = Number(deps.sourceVar('LAWSUIT_RECHECK_MINUTES'))
  return Number.isFinite(value) && value >= 1 ? Math.min(value, 1440) : RECHECK_DEFAULT_MINUTES
}

/**
 * Every tick (decisions/0100): for each source due now, new jobs up to its budget (what people
 * follow first, then the followed scopes' windows), each queued as its first page; and pending
 * jobs whose message was lost are queued again. Only enqueues: the SOURCES consumer fetches, one
 * request at a time. Running twice for one tick plans nothing twice (jobs are unique by key).
 */
export async function planSources(deps: PlanDeps, scheduledTime: number) {
  const planned: Record<string, number> = {}
  for (const entry of SOURCES) {
    const minute = Math.floor((scheduledTime % DAY) / 60_000 / 5) * 5
    if (minute % entry.everyMinutes !== 0) continue
    const [today] = await deps.db
      .select({ n: sql<number>`count(*)` })
      .from(sourceJobs)
      .where(and(eq(sourceJobs.source, entry.id), gte(sourceJobs.createdAt, scheduledTime - DAY)))
    let room = Math.min(entry.budget.jobsPerTick, entry.budget.jobsPerDay - (today?.n ?? 0))
    let count = 0
    if (room > 0) {
      const people =
        entry.id === 'datajud'
          ? await dueLookups(deps, scheduledTime, room)
          : await peopleFirst(deps, entry.id, scheduledTime, room)
      count += await createJobs(deps, entry, people)
      room -= count
    }
    if (entry.follow && room > 0) count += await planWindows(deps, entry, scheduledTime, room)
    planned[entry.id] = count + (await resendStale(deps, entry, scheduledTime))
  }
  return planned
}

async function createJobs(deps: PlanDeps, entry: SourceEntry, candidates: Candidate[]) {
  let created = 0
  for (const c of candidates) {
    const [job] = await deps.db
      .insert(sourceJobs)
      .values({ source: entry.id, key: c.key, request: c.request as unknown as Record<string, unknown> })
      .onConflictDoNothing()
      .returning({ id: sourceJobs.id })
    if (!job) continue
    await sendPage(deps, { type: 'page', jobId: job.id, page: 0 })
    created++
  }
  return created
}

/**
 * Monitored lawsuits due a look at DataJud: never looked up first (a monitor whose number the
 * corpus lacks is answered on the next tick), then those checked longest ago, each at most once
 * per `LAWSUIT_RECHECK_MINUTES`. A number DataJud has no index for is answered at once.
 */
async function dueLookups(deps: PlanDeps, now: number, room: number): Promise<Candidate[]> {
  const period = recheckMinutes(deps) * 60_000
  const bucket = Math.floor(now / period)
  const rows = await deps.db.all<{ cnj: string }>(sql`
    SELECT DISTINCT m.cnj AS cnj FROM monitorings m
      LEFT JOIN ${lawsuitLookups} l ON l.cnj = m.cnj
     WHERE m.kind = 'processo' AND m.cnj IS NOT NULL
       AND (l.cnj IS NULL OR l.checked_at < ${now - period})
       AND NOT EXISTS (SELECT 1 FROM ${sourceJobs} j WHERE j.source = 'datajud'
             AND j.key >= 'processo:' || m.cnj || ':' AND j.key < 'processo:' || m.cnj || ';'
             AND (j.status = 'pendente' OR j.key = 'processo:' || m.cnj || ':' || ${bucket}))
     ORDER BY l.checked_at IS NOT NULL, l.checked_at
     LIMIT ${room}`)
  const day = isoDay(now)
  const served = rows.filter((r) => datajudAlias(r.cnj))
  const unserved = rows.filter((r) => !datajudAlias(r.cnj)).map((r) => r.cnj)
  if (unserved.length)
    await deps.db
      .insert(lawsuitLookups)
      .values(unserved.map((cnj) => ({ cnj, status: 'nao_encontrado' as const, checkedAt: now })))
      .onConflictDoUpdate({ target: lawsuitLookups.cnj, set: { status: 'nao_encontrado', checkedAt: now } })
  return served.map((r) => ({
    key: `processo:${r.cnj}:${bucket}`,
    request: { source: 'datajud', window: { from: day, to: day }, page: 0, query: { numeroProcesso: r.cnj } },
  }))
}

/**
 * The followed scopes' date windows, from each scope's cursor (every day before it has its job)
 * up to yesterday, at most `room` of them: a source that fell behind catches up a budget a tick,
 * never skipping a day nor planning one twice.
 */
async function planWindows(deps: PlanDeps, entry: SourceEntry, now: number, room: number) {
  const follow = entry.follow
  if (!follow) return 0
  const scopes = (deps.sourceVar(follow.scopesVar) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const yesterday = addDays(isoDay(now), -1)
  let created = 0
  for (const scope of scopes) {
    const [cursor] = await deps.db
      .select()
      .from(sourceCursors)
      .where(and(eq(sourceCursors.source, entry.id), eq(sourceCursors.scope, scope)))
    let from = cursor?.upTo ?? addDays(isoDay(now), -follow.startDaysBack)
    const candidates: Candidate[] = []
    while (created + candidates.length < room && from <= yesterday) {
      const last = addDays(from, follow.windowDays - 1)
      // ISO days compare as text.
      const to = [last, yesterday].sort()[0] ?? yesterday
      candidates.push({
        key: `janela:${scope}:${from}:${to}`,
        request: { source: entry.id, window: { from, to }, page: 0, query: follow.query(scope) },
      })
      from = addDays(to, 1)
    }
    if (!candidates.length) continue
    created += await createJobs(deps, entry, candidates)
    await deps.db
      .insert(sourceCursors)
      .values({ source: entry.id, scope, upTo: from, updatedAt: now })
      .onConflictDoUpdate({
        target: [sourceCursors.source, sourceCursors.scope],
        set: { upTo: from, updatedAt: now },
      })
  }
  return created
}

/** Pending jobs whose message was lost (a failed send, a crash): their page queued again. */
async function resendStale(deps: PlanDeps, entry: SourceEntry, now: number) {
  const stale = await deps.db
    .select({ id: sourceJobs.id, page: sourceJobs.page })
    .from(sourceJobs)
    .where(
      and(
        eq(sourceJobs.source, entry.id),
        eq(sourceJobs.status, 'pendente'),
        lt(sourceJobs.updatedAt, now - STALE_MS),
      ),
    )
    .limit(20)
  if (!stale.length) return 0
  await deps.db
    .update(sourceJobs)
    .set({ updatedAt: now })
    .where(
      inArray(
        sourceJobs.id,
        stale.map((s) => s.id),
      ),
    )
  for (const job of stale) await sendPage(deps, { type: 'page', jobId: job.id, page: job.page })
  return stale.length
}
