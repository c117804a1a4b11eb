import { and, asc, eq, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { intimations } from '~/db/schema-intimations'
import { suspensionsFor } from '~/domain/deadlines/suspensions.server'
import type { Deadline } from '~/domain/deadlines/types'
import { COUNTER_VERSION } from '~/domain/deadlines/version'
import { countDeadline, type SuspensionLookup, storedCorrection } from './deadline'

// Stored deadlines follow the calendar (decisions/0103): a reviewer's suspension marks the open
// deadlines of its court whose count it touches as stale, and a walk recounts stale rows and rows
// counted by an older COUNTER_VERSION (a holiday added to holidays.ts). Each recount is the same
// count as at arrival (countDeadline), so running it twice changes nothing the second time.

type Row = typeof intimations.$inferSelect

/** Open: a deadline that is still the lawyer's to meet (not cumprido, not withdrawn). */
const open = () =>
  and(isNotNull(intimations.lastDay), isNull(intimations.fulfilledAt), eq(intimations.active, true))

/** The calendar a row is counted on: the lawyer's corrected court, else the DJEN's. */
const countedCourt = sql`coalesce(json_extract(${intimations.correction}, '$.court'), ${intimations.court})`

export const suspensionLookup =
  (db: Database): SuspensionLookup =>
  (court, from, to) =>
    suspensionsFor({ db }, court, from, to)

/**
 * The columns a count writes: a moved last day bumps the revision (the feed's SEQUENCE, so a
 * calendar replaces the event under the same UID) and, from a recount, keeps the day it left.
 */
export function countedColumns(
  before: Pick<Row, 'lastDay' | 'revision' | 'movedFrom'> | null,
  counted: { lastDay: string | null; deadline: Deadline | null },
  recount = false,
) {
  const moved = before !== null && before.lastDay !== counted.lastDay
  return {
    lastDay: counted.lastDay,
    deadline: counted.deadline as Record<string, unknown> | null,
    countedWith: COUNTER_VERSION,
    revision: (before?.revision ?? 0) + (moved ? 1 : 0),
    ...(recount ? { movedFrom: moved ? (before?.lastDay ?? null) : (before?.movedFrom ?? null) } : {}),
  }
}

/**
 * A court's suspension [from, to] was added: every open deadline counted on that court's calendar
 * whose window [disponibilização, last day] it touches is marked stale (one statement).
 */
export async function markTouchedBy(
  deps: { db: Database },
  suspension: { court: string; from: string; to: string },
): Promise<number> {
  const court = suspension.court.toUpperCase().replace(/[^A-Z0-9]/g, '')
  const marked = await deps.db
    .update(intimations)
    .set({ countedWith: 0 })
    .where(
      and(
        open(),
        sql`${countedCourt} = ${court}`,
        lte(intimations.availableOn, suspension.to),
        gte(intimations.lastDay, suspension.from),
      ),
    )
    .returning({ id: intimations.id })
  return marked.length
}

export type RecountTotals = { recounted: number; moved: number; left: boolean }

/**
 * Recounts up to `limit` open deadlines counted by an older calendar (stale ones first, then by
 * id): the cron's resumable walk, and the suspension's own request with its court.
 */
export async function recountStale(
  deps: { db: Database; now: () => Date },
  options: { limit: number; court?: string },
): Promise<RecountTotals> {
  const rows = await deps.db
    .select()
    .from(intimations)
    .where(
      and(
        open(),
        lt(intimations.countedWith, COUNTER_VERSION),
        ...(options.court ? [sql`${countedCourt} = ${options.court}`] : []),
      ),
    )
    .orderBy(asc(intimations.countedWith), asc(intimations.id))
    .limit(options.limit + 1)
  const lookup = suspensionLookup(deps.db)
  const at = deps.now().getTime()
  const totals: RecountTotals = { recounted: 0, moved: 0, left: rows.length > options.limit }
  const writes = []
  for (const row of rows.slice(0, options.limit)) {
    const counted = await countDeadline(lookup, row, storedCorrection(row.correction))
    const columns = countedColumns(row, counted, true)
    const moved = columns.lastDay !== row.lastDay
    writes.push(
      deps.db
        .update(intimations)
        // Only a moved deadline changes its DTSTAMP; the others just take the new version.
        .set({ ...columns, ...(moved ? { updatedAt: at } : {}) })
        .where(and(eq(intimations.id, row.id), eq(intimations.countedWith, row.countedWith))),
    )
    totals.recounted++
    if (moved) totals.moved++
  }
  for (let i = 0; i < writes.length; i += 50) {
    const [first, ...rest] = writes.slice(i, i + 50)
    if (first) await deps.db.batch([first, ...rest])
  }
  return totals
}

/** A request's share of the work after a suspension: the cron's walk takes what is left. */
export const RECOUNT_PER_REQUEST = 50
/** Per cron tick (every 5 minutes): a few D1 reads and one write per deadline. */
export const RECOUNT_PER_TICK = 150

/** After a reviewer adds a suspension: mark what it touches, recount a bounded share at once. */
export async function followSuspension(
  deps: { db: Database; now: () => Date },
  suspension: { court: string; from: string; to: string },
): Promise<RecountTotals & { marked: number }> {
  const marked = await markTouchedBy(deps, suspension)
  const court = suspension.court.toUpperCase().replace(/[^A-Z0-9]/g, '')
  const totals = marked
    ? await recountStale(deps, { limit: RECOUNT_PER_REQUEST, court })
    : { recounted: 0, moved: 0, left: false }
  return { ...totals, marked }
}
