import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { PageKind } from '~/db/schema-trust'
import { FTS_KIND } from '~/domain/corpus/kinds'
import type { Corpus } from '~/domain/corpus/shards.server'
import type { Finder } from './categories.server'
import type { Clock } from './count-on.server'
import type { KeyHolder, SearchKey } from './cursor'
import { COUNT_CAP, type FtsFound, type FtsOptions } from './fts.server'
import { FTS_TABLES, type FtsAttach, type FtsHit, type FtsTable } from './fts-tables'
import { rankAcrossShards, type ShardRanking } from './global-rank.server'
import { ownedRangesOf } from './owned.server'
import { byDate, newestAcross, periodsOf, searchOneShard } from './shard-newest.server'
import { earlierLawsuits } from './shard-owners.server'
import { highestIds, highestRows, mergeHighest, type Row, rowsOf } from './shard-page.server'
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
 * What one database's `listed` join would have nulled in a table's row when its page is
 * de-indexed (the column each category's rows test for "gone"): the attach's shape, by hand.
 */
const GONE: Record<FtsTable, Record<string, null>> = {
  gazette_articles: { title: null },
  decisions: { number: null },
  statutes: { title: null },
  provisions: { title: null },
  people: { title: null },
  companies: { title: null },
  parties: { lawsuitId: null },
}

/**
 * What a table's rows need across shards, from the catalogue (corpus/kinds.ts): the page kind a
 * de-indexing names, the id it names (the row's own, or for a child table its root's: a party's
 * lawsuit, a dispositivo's statute), and the date "Mais recentes" sorts by (as newest.server
 * sorts: date, then id, newest first), each read beside the hit by its id.
 */
const ACROSS = Object.fromEntries(
  (Object.keys(FTS_TABLES) as FtsTable[]).map((table) => {
    const { owner, date } = FTS_TABLES[table]
    return [
      table,
      {
        kind: FTS_KIND[table],
        ref: owner ? `(SELECT t.${owner} FROM ${table} t WHERE t.id = hit.id)` : 'hit.id',
        gone: GONE[table],
        date: date
          ? `(SELECT ${date.column} FROM ${date.table} ${date.join ?? ''} WHERE t.id = hit.id)`
          : null,
      },
    ]
  }),
) as Record<FtsTable, { kind: PageKind; ref: string; gone: Record<string, null>; date: string | null }>

/** The attach with the ref id and the sort date read beside it. */
const withExtra = (table: FtsTable, attach: FtsAttach): FtsAttach => ({
  select: sql`${attach.select}, ${sql.raw(ACROSS[table].ref)} AS refId, ${sql.raw(ACROSS[table].date ?? 'NULL')} AS sortDate`,
  join: attach.join,
})

export type { KeyHolder } from './cursor'

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
  /** When a shard counts on (count-on.server.ts): the deps' (none in a test's own deps). */
  clock?: Clock
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
  // The primary's own statements drop its de-indexed pages in their joins (`listed`,
  // category-rows.server.ts): the list is read only when another database answers.
  const unlisted = shards.every((db) => db === across.primary)
    ? Promise.resolve<Unlisted>(new Map())
    : across.unlisted()
  // Empty unless a split has a shard of the table in two databases (decisions/0077).
  const owned = await ownedRangesOf(across.corpus, table, [...shards, ...every])
  let rows: Row[]
  let total: number
  let keyOf: (row: Row) => SearchKey | null = () => null
  let counts: Promise<Appearances> | null = null
  let scoresOf: ShardRanking['scoresOf']
  if (shards.length === 1 && every.length === 1 && shards[0] === every[0]) {
    // The category's one shard (legislation): its own search is the ranking; only the primary's
    // de-indexed pages are dropped below.
    ;({ rows, total, keyOf } = await searchOneShard(
      shards[0] as Database,
      table,
      expression,
      options,
      attach,
    ))
  } else if (options.order === 'recentes' && FTS_TABLES[table].date) {
    const periods = await periodsOf(across.corpus, table, shards)
    ;({ rows, total } = await newestAcross(shards, table, expression, options, attach, owned, periods))
    keyOf = byDate
  } else {
    const after = options.after
    // A first page proven past the cap while some shard is still out (count-on.server.ts): the
    // answered shards' rows of the page as it stands are read meanwhile. A shard still out can
    // only push their rows off the page, never bring more of theirs onto it.
    let early: Map<number, Promise<Row[] | null>> | null = null
    const onPast =
      after || options.offset
        ? undefined
        : (highest: (number[] | null)[]) => {
            const page = mergeHighest(highest, 0, options.limit)
            early = new Map(
              shards.flatMap((db, shard) => {
                const ids = page.filter((h) => h.shard === shard).map((h) => h.id)
                if (!ids.length) return []
                const rows = highestRows(db, table, expression, options, attach, ids, owned.get(db))
                return [[shard, rows.catch(() => null)] as const]
              }),
            )
          }
    const ranking = await rankAcrossShards(shards, table, expression, {
      limit: options.limit,
      offset: options.offset,
      clauses: options.clauses,
      statistics: every,
      after: after?.s === undefined ? null : { score: after.s, id: after.i },
      owned,
      clock: across.clock,
      onPast,
    })
    // Set in `onPast`, a callback: TypeScript's narrowing still sees the `null` it started as.
    const prefetched = early as Map<number, Promise<Row[] | null>> | null
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
    scoresOf = ranking.scoresOf
    const scores = new Map(page.map((h) => [`${h.shard}:${h.id}`, h.score]))
    keyOf = (row) =>
      ranking.ranked ? { s: scores.get(`${row.shard}:${row.id}`) ?? 0, i: row.id } : { i: row.id }
    const found = await Promise.all(
      shards.map(async (db, shard) => {
        const ids = page.filter((h) => h.shard === shard).map((h) => h.id)
        if (!ids.length) return []
        if (ranking.ranked) return rowsOf(db, table, expression, options, attach, ids)
        const ready = await prefetched?.get(shard)
        if (ready && ids.every((id) => ready.some((r) => r.id === id))) return ready
        return highestRows(db, table, expression, options, attach, ids, owned.get(db))
      }),
    )
    rows = page.flatMap((h) => {
      const row = found[h.shard]?.find((r) => r.id === h.id)
      return row ? [{ ...row, shard: h.shard }] : []
    })
    total = Math.min(ranking.total, COUNT_CAP + 1)
  }
  const last = rows.at(-1)
  const end = last ? keyOf(last) : null
  across.key.next = end
  const read = rows.length
  // A lawsuit is paged once, at its best party (decisions/0087): after a cursor, the parties of
  // lawsuits that have one at or before it were shown on an earlier page.
  if (options.newOwners && options.after && table === 'parties') {
    const earlier = await earlierLawsuits(across, expression, options, rows, options.after, scoresOf)
    rows = rows.filter((row) => row.refId === null || !earlier.has(Number(row.refId)))
  }
  const keys = rows.map(keyOf)
  const { kind, gone } = ACROSS[table]
  const hidden = (await unlisted).get(kind)
  let hits = rows.map(({ refId, sortDate: _date, shard: _shard, score: _score, ...row }) =>
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
  return { hits: hits as unknown as (FtsHit & Found)[], total, keys, end, read }
}

/**
 * The finder for a category's shards: the search across them (one database is a one-entry map:
 * its category's one shard searched with a cursor, as legislation's is; decisions/0087).
 */
export function finderFor(
  deps: { db: Database; corpus: Corpus; clock?: Clock },
  shards: readonly Database[],
  every: readonly Database[],
  unlisted: () => Promise<Unlisted>,
  key: KeyHolder = { next: null },
): Finder {
  const across: AcrossShards = {
    primary: deps.db,
    corpus: deps.corpus,
    shards,
    every,
    unlisted,
    key,
    clock: deps.clock,
  }
  return (table, expression, options, attach) => findAcross(across, table, expression, options, attach)
}
