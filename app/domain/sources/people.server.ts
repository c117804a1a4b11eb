import { sql } from 'drizzle-orm'
import { sourceJobs } from '~/db/schema-sources'
import type { Deps } from '~/domain/deps'
import type { PageRequest, SourceId } from './types'

// What people follow, first (issue 40 §2, decisions/0100): each tick, before any court's window,
// the OABs of the OAB monitors (DJEN) and the names of the name monitors (DJEN, Querido Diário).

type PeopleDeps = Pick<Deps, 'db' | 'sourceVar'>
export type Candidate = { key: string; request: PageRequest }

const DAY = 86_400_000
/** How far a new OAB monitor looks back, once: its intimações of the last 30 days. */
export const OAB_LOOKBACK_DAYS = 30
/** `OAB_RECHECK_MINUTES` when unset: each OAB asked again after 10 minutes (two ticks). */
const OAB_RECHECK_DEFAULT_MINUTES = 10
/** Each name asked once a Brasília day. */
const NAME_PERIOD = DAY

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** DJEN and the gazettes date by Brasília's day (UTC−3, no daylight saving since 2019). */
export const brasiliaDay = (ms: number) => isoDay(ms - 3 * 3_600_000)
const addDays = (day: string, n: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY)

export function oabRecheckMinutes(deps: Pick<Deps, 'sourceVar'>): number {
  const value = Number(deps.sourceVar('OAB_RECHECK_MINUTES'))
  return Number.isFinite(value) && value >= 5 ? Math.min(value, 1440) : OAB_RECHECK_DEFAULT_MINUTES
}

/**
 * "RJ94719" as DJEN's `numeroOab` and `ufOab`. A supplementary inscription ("SP12345A") is asked
 * by its digits, the only form the API takes; the intimações keep only the inscription named.
 */
export function djenOabQuery(key: string): Record<string, string> | null {
  const match = /^([A-Z]{2})(\d+)[A-Z]?$/.exec(key)
  return match?.[1] && match[2] ? { ufOab: match[1], numeroOab: match[2] } : null
}

/** What `source` asks for people before its followed scopes, at most `room` new jobs. */
export async function peopleFirst(
  deps: PeopleDeps,
  source: SourceId,
  now: number,
  room: number,
): Promise<Candidate[]> {
  if (source === 'djen') {
    const lookbacks = await oabLookbacks(deps, now, room)
    const oabs = await dueOabs(deps, now, room - lookbacks.length)
    return [
      ...lookbacks,
      ...oabs,
      ...(await dueNames(deps, 'djen', now, room - lookbacks.length - oabs.length)),
    ]
  }
  if (source === 'querido-diario') return dueNames(deps, 'querido-diario', now, room)
  return []
}

/**
 * A new OAB monitor's look-back, once per monitor (its key has no period): the last 30 days up
 * to yesterday. Its communications become intimações with their deadlines, like any other; the
 * announcement tells apart what is history (announce.server.ts, decisions/0100).
 */
async function oabLookbacks(deps: PeopleDeps, now: number, room: number): Promise<Candidate[]> {
  if (room <= 0) return []
  const rows = await deps.db.all<{ id: number; oab: string }>(sql`
    SELECT m.id AS id, m.oab AS oab FROM monitorings m
     WHERE m.kind = 'oab' AND m.oab IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM ${sourceJobs} j WHERE j.source = 'djen'
             AND j.key = 'oab-historico:' || m.id)
     ORDER BY m.id LIMIT ${room}`)
  const today = brasiliaDay(now)
  return rows.flatMap((r) => {
    const query = djenOabQuery(r.oab)
    if (!query) return []
    return [
      {
        key: `oab-historico:${r.id}`,
        request: {
          source: 'djen' as const,
          window: { from: addDays(today, -OAB_LOOKBACK_DAYS), to: addDays(today, -1) },
          page: 1,
          query,
        },
      },
    ]
  })
}

/**
 * Each monitored OAB once per OAB_RECHECK_MINUTES: yesterday and today at DJEN (a communication
 * made available near midnight is still found). Longest unasked first, so when the day's budget
 * cannot hold every OAB at that cadence, all of them slow down evenly rather than some never.
 */
async function dueOabs(deps: PeopleDeps, now: number, room: number): Promise<Candidate[]> {
  if (room <= 0) return []
  const period = oabRecheckMinutes(deps) * 60_000
  const bucket = Math.floor(now / period)
  const rows = await deps.db.all<{ oab: string }>(sql`
    SELECT m.oab AS oab,
           (SELECT max(j.created_at) FROM ${sourceJobs} j WHERE j.source = 'djen'
               AND j.key >= 'oab:' || m.oab || ':' AND j.key < 'oab:' || m.oab || ';') AS last
      FROM monitorings m
     WHERE m.kind = 'oab' AND m.oab IS NOT NULL
     GROUP BY m.oab
    HAVING last IS NULL OR (last < ${bucket * period} AND NOT EXISTS (
             SELECT 1 FROM ${sourceJobs} j WHERE j.source = 'djen' AND j.status = 'pendente'
                AND j.key >= 'oab:' || m.oab || ':' AND j.key < 'oab:' || m.oab || ';'))
     ORDER BY last IS NOT NULL, last
     LIMIT ${room}`)
  const today = brasiliaDay(now)
  return rows.flatMap((r) => {
    const query = djenOabQuery(r.oab)
    if (!query) return []
    return [
      {
        key: `oab:${r.oab}:${bucket}`,
        // Up to the UTC day: from 21:00 in Brasília it is already tomorrow's (harmless to ask).
        request: {
          source: 'djen' as const,
          window: { from: addDays(today, -1), to: isoDay(now) },
          page: 1,
          query,
        },
      },
    ]
  })
}

/**
 * Each name monitor's term once a Brasília day: DJEN by `nomeParte`, Querido Diário by
 * `querystring` (in quotes: the name as a phrase), yesterday and today. A name several people
 * follow is asked once.
 */
async function dueNames(
  deps: PeopleDeps,
  source: 'djen' | 'querido-diario',
  now: number,
  room: number,
): Promise<Candidate[]> {
  if (room <= 0) return []
  const day = brasiliaDay(now)
  const bucket = Math.floor(now / NAME_PERIOD)
  const rows = await deps.db.all<{ term: string }>(sql`
    SELECT lower(m.term) AS term FROM monitorings m
     WHERE m.kind = 'nome'
       AND NOT EXISTS (SELECT 1 FROM ${sourceJobs} j WHERE j.source = ${source}
             AND j.key = 'nome:' || lower(m.term) || ':' || ${bucket})
     GROUP BY lower(m.term) ORDER BY min(m.id) LIMIT ${room}`)
  const window = { from: addDays(day, -1), to: day }
  return rows.map(
    (r): Candidate => ({
      key: `nome:${r.term}:${bucket}`,
      request: {
        source,
        window,
        page: 1,
        query: source === 'djen' ? { nomeParte: r.term } : { querystring: `"${r.term}"` },
      },
    }),
  )
}
