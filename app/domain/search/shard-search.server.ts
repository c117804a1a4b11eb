import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { PageKind } from '~/db/schema-trust'
import type { IdRange } from '~/domain/corpus/shard-map'
import type { Corpus } from '~/domain/corpus/shards.server'
import { type Finder, findIn } from './categories.server'
import type { SearchKey } from './cursor'
import { combineMatch, dateRangeTokens, facetToken } from './facets'
import { COUNT_CAP, type FtsFound, type FtsOptions, ftsSearch } from './fts.server'
import { FTS_TABLES, type FtsAttach, type FtsHit, type FtsTable } from './fts-tables'
import { rankAcrossShards } from './global-rank.server'
import { ownedRangesOf, ownedRows, owns } from './owned.server'
import { highestIds, highestRows, type Row, rowsOf } from './shard-page.server'
import { type Appearances, appearanceCounts, type Unlisted, withAppearances } from './shard-rows.server'

// One FTS search over several shard databases (decisions/0072, 0073, 0076), with `ftsSearch`'s
// contract, so every category's plan (categories.server.ts) runs on it unchanged: relevance by
// one global bm25, "Mais recentes" (and relevance past COUNT_CAP for a dated table) by date over
// each shard's newest rows, the rows of the page read from the shards that hold them. A shard's
// statement cannot see the primary's `hidden_pages` (its own copy is empty): the de-indexed ids
// are read from the primary beside the shards' first round and their hits dropped as one
// database's join drops them, so counts are corrected the same way (`shownTotal`). While a split
// has a shard of the table in two databases (decisions/0077), each database answers only for the
// ids the map gives it: its candidates and counts carry the condition, its newest rows are
// filtered by it (a row of another database's range there is a copy that one also holds).

/**
 * What a table's rows need across shards: the page kind a de-indexing names and the id it names
 * (a party's lawsuit, a dispositivo's statute), the columns one database's `listed` join would have
 * nulled, and the date "Mais recentes" sorts by (as newest.server sorts: date, then id, newest first).
 */
const ACROSS: Record<
  FtsTable,
  { kind: PageKind; ref: string; gone: Record<string, null>; date: string | null }
> = {
  gazette_articles: {
    kind: 'materia',
    ref: 'hit.id',
    gone: { title: null },
    date: '(SELECT date FROM gazette_articles WHERE id = hit.id)',
  },
  decisions: {
    kind: 'decisao',
    ref: 'hit.id',
    gone: { number: null },
    date: '(SELECT published_at FROM decisions WHERE id = hit.id)',
  },
  statutes: {
    kind: 'lei',
    ref: 'hit.id',
    gone: { title: null },
    date: '(SELECT date FROM statutes WHERE id = hit.id)',
  },
  provisions: {
    kind: 'lei',
    ref: '(SELECT statute_id FROM provisions WHERE id = hit.id)',
    gone: { title: null },
    date: '(SELECT s.date FROM provisions p2 CROSS JOIN statutes s ON s.id = p2.statute_id WHERE p2.id = hit.id)',
  },
  people: { kind: 'pessoa', ref: 'hit.id', gone: { title: null }, date: null },
  companies: { kind: 'empresa', ref: 'hit.id', gone: { title: null }, date: null },
  parties: {
    kind: 'processo',
    ref: '(SELECT lawsuit_id FROM parties WHERE id = hit.id)',
    gone: { lawsuitId: null },
    date: '(SELECT l2.filed_at FROM parties p2 CROSS JOIN lawsuits l2 ON l2.id = p2.lawsuit_id WHERE p2.id = hit.id)',
  },
}

/** A "Mais recentes" page's last row as a cursor: its day and id (none without a date). */
const byDate = (row: Row): SearchKey | null =>
  row.sortDate ? { d: row.sortDate.slice(0, 10), i: row.id } : null

/** The attach with the ref id and the sort date read beside it. */
const withExtra = (table: FtsTable, attach: FtsAttach): FtsAttach => ({
  select: sql`${attach.select}, ${sql.raw(ACROSS[table].ref)} AS refId, ${sql.raw(ACROSS[table].date ?? 'NULL')} AS sortDate`,
  join: attach.join,
})

/** Where the page ended, in the merged order: the next page's cursor (decisions/0076). */
export type KeyHolder = { next: SearchKey | null }

/** The oldest date a cursor's period reaches back to (as the filters' "até" alone does). */
const EARLIEST = '1900-01-01'

export type AcrossShards = {
  primary: Database
  corpus: Corpus
  shards: readonly Database[]
  /** Every database of the category's families, whatever the filters: the ranking's statistics. */
  every: readonly Database[]
  /** The primary's de-indexed pages, read once per search (started by the first search that needs it). */
  unlisted: () => Promise<Unlisted>
  /** Set by each search to the key of its page's last row (a keyset page has one search). */
  key: KeyHolder
}

/** The same search as `ftsSearch` on one database holding every shard's documents. */
export async function findAcross<Found extends object>(
  across: AcrossShards,
  table: FtsTable,
  expression: string,
  options: FtsOptions,
  plain: FtsAttach,
): Promise<FtsFound<Found>> {
  const { shards, every } = across
  const attach = withExtra(table, plain)
  const unlisted = across.unlisted()
  // Empty unless a split has a shard of the table in two databases (decisions/0077).
  const owned = await ownedRangesOf(across.corpus, table, [...shards, ...every])
  let rows: Row[]
  let total: number
  let keyOf: (row: Row) => SearchKey | null = () => null
  let counts: Promise<Appearances> | null = null
  if (shards.length === 1 && every.length === 1 && shards[0] === every[0]) {
    // The category's one shard (legislation): its own search is the ranking; only the primary's
    // de-indexed pages are dropped below.
    const found = await ftsSearch<Row>(shards[0] as Database, table, expression, options, attach)
    rows = found.hits
    total = found.total
  } else if (options.order === 'recentes' && FTS_TABLES[table].date) {
    ;({ rows, total } = await newestAcross(shards, table, expression, options, attach, owned))
    keyOf = byDate
  } else {
    const after = options.after
    const ranking = await rankAcrossShards(shards, table, expression, {
      limit: options.limit,
      offset: options.offset,
      clauses: options.clauses,
      statistics: every,
      after: after?.s === undefined ? null : { score: after.s, id: after.i },
      owned,
    })
    // Past COUNT_CAP one database lists the highest ids with its capped count, dated table or
    // not (`rankedStatement`): so do the shards, merged by id.
    const page = ranking.ranked
      ? ranking.hits
      : await highestIds(shards, table, expression, options, owned, ranking.highest)
    // People's and companies' appearances are counted while the page's rows are read (one round
    // fewer than after them; decisions/0082).
    if (table === 'people' || table === 'companies')
      counts = appearanceCounts(
        across.corpus,
        table,
        page.map((h) => h.id),
      )
    const scores = new Map(page.map((h) => [`${h.shard}:${h.id}`, h.score]))
    keyOf = (row) =>
      ranking.ranked ? { s: scores.get(`${row.shard}:${row.id}`) ?? 0, i: row.id } : { i: row.id }
    const found = await Promise.all(
      shards.map((db, shard) => {
        const ids = page.filter((h) => h.shard === shard).map((h) => h.id)
        if (!ids.length) return Promise.resolve([])
        return ranking.ranked
          ? rowsOf(db, table, expression, options, attach, ids)
          : highestRows(db, table, expression, options, attach, ids, owned.get(db))
      }),
    )
    rows = page.flatMap((h) => {
      const row = found[h.shard]?.find((r) => r.id === h.id)
      return row ? [{ ...row, shard: h.shard }] : []
    })
    total = Math.min(ranking.total, COUNT_CAP + 1)
  }
  const last = rows.at(-1)
  across.key.next = last ? keyOf(last) : null
  const { kind, gone } = ACROSS[table]
  const hidden = (await unlisted).get(kind)
  let hits = rows.map(({ refId, sortDate: _date, shard: _shard, ...row }) =>
    hidden && refId !== null && hidden.has(Number(refId)) ? { ...row, ...gone } : row,
  )
  if (table === 'people' || table === 'companies')
    hits = withAppearances(
      hits,
      await (counts ??
        appearanceCounts(
          across.corpus,
          table,
          hits.map((h) => h.id),
        )),
    )
  return { hits: hits as unknown as (FtsHit & Found)[], total }
}

/** "Mais recentes": each shard's newest offset + limit rows, merged by date, then id (newest first). */
async function newestAcross(
  shards: readonly Database[],
  table: FtsTable,
  expression: string,
  options: FtsOptions,
  attach: FtsAttach,
  owned: ReadonlyMap<Database, readonly IdRange[]>,
): Promise<{ rows: Row[]; total: number }> {
  const after = options.after?.d ? options.after : null
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(FTS_TABLES[table].columns, expression, options.clauses ?? [])
  const offset = after ? 0 : options.offset
  const wanted = offset + options.limit
  const lists = await Promise.all(
    shards.map(async (db) => {
      const ranges = owned.get(db)
      // During a split the walk is the database's as it is (its copies too: the offset and the
      // cursor count them alike), and its rows of another database's range are dropped below; the
      // count is of its own rows (decisions/0077).
      const ownCount = sql`(SELECT count(*) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} ${ownedRows(table, ranges)} LIMIT ${COUNT_CAP + 1}))`
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
    }),
  )
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
 * The finder for a category's shards: today's search when they are only the primary (the
 * degenerate map, statement for statement), else the search across them.
 */
export function finderFor(
  deps: { db: Database; corpus: Corpus },
  shards: readonly Database[],
  every: readonly Database[],
  unlisted: () => Promise<Unlisted>,
  key: KeyHolder = { next: null },
): Finder {
  if (acrossNone(deps.db, every)) return findIn(deps.db)
  const across: AcrossShards = { primary: deps.db, corpus: deps.corpus, shards, every, unlisted, key }
  return (table, expression, options, attach) => findAcross(across, table, expression, options, attach)
}

/** The category's shards are the primary alone: today's search, no cursor. */
export const acrossNone = (primary: Database, every: readonly Database[]) =>
  every.length === 1 && every[0] === primary
