import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { IdRange, Period } from '~/domain/corpus/shard-map'
import type { Corpus } from '~/domain/corpus/shards.server'
import type { SearchKey } from './cursor'
import { combineMatch, dateRangeTokens, facetToken } from './facets'
import { COUNT_CAP, type FtsOptions, ftsSearch, runRanked } from './fts.server'
import { FTS_TABLES, type FtsAttach, type FtsTable } from './fts-tables'
import { cappedCount, leftUnderCap } from './global-stats.server'
import { owns } from './owned.server'
import { TABLE_FAMILIES } from './shard-filter'
import type { Row } from './shard-page.server'

// "Mais recentes" over several shard databases, and a category's one shard with a cursor
// (decisions/0076, 0087): what findAcross runs besides the global ranking.

/** A "Mais recentes" page's last row as a cursor: its day and id (none without a date). */
export const byDate = (row: Row): SearchKey | null =>
  row.sortDate ? { d: row.sortDate.slice(0, 10), i: row.id } : null

/** The oldest date a cursor's period reaches back to (as the filters' "até" alone does). */
const EARLIEST = '1900-01-01'

/**
 * A category's one shard (legislation, or lawsuits in one database): its own search is the
 * ranking, statement for statement `ftsSearch`'s on a first page, with each row's key kept (its
 * bm25, or its date, or its id past COUNT_CAP) so the page can end in a cursor; after a cursor,
 * the same statement starting after its key (decisions/0087).
 */
export async function searchOneShard(
  db: Database,
  table: FtsTable,
  expression: string,
  options: FtsOptions,
  attach: FtsAttach,
): Promise<{ rows: Row[]; total: number; keyOf: (row: Row) => SearchKey | null }> {
  if (options.order === 'recentes' && FTS_TABLES[table].date) {
    const found = options.after?.d
      ? await newestAcross([db], table, expression, options, attach, new Map())
      : await ftsSearch<Row>(db, table, expression, options, attach).then((f) => ({
          rows: f.hits,
          total: f.total,
        }))
    return { ...found, keyOf: byDate }
  }
  const found = await runRanked<Row>(db, table, expression, options, attach, {
    after: options.after,
    scores: true,
  })
  return {
    rows: found.hits,
    total: found.total,
    keyOf: (row) => {
      const score = row.score as number | null | undefined
      return score === null || score === undefined ? { i: row.id } : { s: score, i: row.id }
    },
  }
}

/** "Mais recentes": each shard's newest offset + limit rows, merged by date, then id (newest first). */
export async function newestAcross(
  shards: readonly Database[],
  table: FtsTable,
  expression: string,
  options: FtsOptions,
  attach: FtsAttach,
  owned: ReadonlyMap<Database, readonly IdRange[]>,
  periods: ReadonlyMap<Database, Period> = new Map(),
): Promise<{ rows: Row[]; total: number }> {
  const after = options.after?.d ? options.after : null
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(FTS_TABLES[table].columns, expression, options.clauses ?? [])
  const offset = after ? 0 : options.offset
  const wanted = offset + options.limit
  const listOf = async (db: Database): Promise<{ hits: Row[]; total: number }> => {
    const ranges = owned.get(db)
    // During a split the walk is the database's as it is (its copies too: the offset and the
    // cursor count them alike), and its rows of another database's range are dropped below; the
    // count is of its own rows (decisions/0077).
    const ownCount = cappedCount(table, match, ranges ?? null)
    const own = (hits: Row[]) => (ranges ? hits.filter((hit) => owns(ranges, Number(hit.refId))) : hits)
    if (!after?.d) {
      const [found, counted] = await Promise.all([
        ftsSearch<Row>(
          db,
          table,
          expression,
          { ...options, limit: wanted, offset: 0, order: 'recentes' },
          attach,
        ),
        ranges ? db.all<{ n: number }>(sql`SELECT ${ownCount} AS n`) : null,
      ])
      return { hits: own(found.hits), total: counted ? (counted[0]?.n ?? 0) : found.total }
    }
    // After a cursor: the shard's matches up to its day, less those of that day at or above its id.
    const [y, m, d] = after.d.split('-').map(Number) as [number, number, number]
    const [counts] = await db.all<{ seen: number; all: number }>(
      sql`SELECT (SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ${`${match} AND {facets} : ${facetToken.day(y, m, d)}`} AND rowid >= ${after.i}) AS seen,
          ${ownCount} AS "all"`,
    )
    const clauses = [...(options.clauses ?? []), dateRangeTokens(EARLIEST, after.d)]
    const page = { ...options, clauses, offset: counts?.seen ?? 0, order: 'recentes' as const }
    const found = await ftsSearch<Row>(db, table, expression, page, attach)
    // The count stays the whole search's (the cursor narrows the rows, not the total).
    return { hits: own(found.hits), total: counts?.all ?? 0 }
  }
  // A first page over databases each holding a period of their own (decisions/0108): the newest
  // is asked for the page, the others only for their counts; a page it fills is the page, since
  // every row it holds is dated after all of theirs. Else the others are asked for their rows.
  const byPeriod = after || owned.size ? null : newestPeriodFirst(shards, periods)
  let lists: { hits: Row[]; total: number }[]
  if (byPeriod) {
    const [newest, ...older] = byPeriod
    const countOf = async (db: Database, cap: number) => {
      const [row] = await db.all<{ n: number }>(sql`SELECT ${cappedCount(table, match, null, cap)} AS n`)
      return { hits: [] as Row[], total: Number(row?.n ?? 0), cap }
    }
    // Each older period counts to its share of the cap first (decisions/0109): "nomear" in SP
    // walked 10,001 matches in each. A count that reaches it is a floor; if the counts together
    // leave the total unknown, those are counted on once, as far as the others leave under it.
    const share = Math.floor(COUNT_CAP / byPeriod.length) + 1
    const [first, firstCounts] = await Promise.all([
      listOf(newest as Database),
      Promise.all(older.map((db) => countOf(db, share))),
    ])
    let counted = firstCounts
    const sum = () => first.total + counted.reduce((n, c) => n + c.total, 0)
    if (sum() <= COUNT_CAP && counted.some((c) => c.total >= c.cap)) {
      const known = sum()
      counted = await Promise.all(
        counted.map((c, i) =>
          c.total >= c.cap ? countOf(older[i] as Database, leftUnderCap(known, c.total) + 1) : c,
        ),
      )
    }
    lists =
      first.hits.length >= wanted ? [first, ...counted] : [first, ...(await Promise.all(older.map(listOf)))]
  } else lists = await Promise.all(shards.map(listOf))
  const rows = lists
    .flatMap((list) => list.hits)
    .sort((a, b) => (b.sortDate ?? '').localeCompare(a.sortDate ?? '') || b.id - a.id)
    .slice(offset, wanted)
  return {
    rows,
    total: Math.min(
      COUNT_CAP + 1,
      lists.reduce((sum, list) => sum + list.total, 0),
    ),
  }
}

/**
 * The databases newest period first, when each one's period ends where the next one's starts or
 * later (no two overlap: a row of the first is dated after every row of the others); else null.
 */
export function newestPeriodFirst(
  shards: readonly Database[],
  periods: ReadonlyMap<Database, Period>,
): Database[] | null {
  if (shards.length < 2 || !shards.every((db) => periods.has(db))) return null
  const sorted = [...shards].sort((a, b) =>
    (periods.get(b)?.to ?? '') > (periods.get(a)?.to ?? '') ? 1 : -1,
  )
  const apart = sorted.every((db, i) => {
    const next = sorted[i + 1]
    return !next || (periods.get(db)?.from ?? '') >= (periods.get(next)?.to ?? '~')
  })
  return apart ? sorted : null
}

/**
 * Each database's period for `table`, where its kind is placed by the date it is listed by
 * (`periodByDate`); none otherwise, and "Mais recentes" asks the databases together.
 */
export async function periodsOf(
  corpus: Corpus,
  table: FtsTable,
  databases: readonly Database[],
): Promise<Map<Database, Period>> {
  const periods = new Map<Database, Period>()
  if (!FTS_TABLES[table].periodByDate) return periods
  await Promise.all(
    databases.map(async (db) => {
      const period = await corpus.periodOf(db, { families: TABLE_FAMILIES[table] })
      if (period) periods.set(db, period)
    }),
  )
  return periods
}
