import { type SQL, sql } from 'drizzle-orm'
import { allInBatch, type Database } from '~/db/client.server'
import type { IdRange } from '~/domain/corpus/shard-map'
import { type Clock, countingOn } from './count-on.server'
import { combineMatch } from './facets'
import { COUNT_CAP } from './fts.server'
import { FTS_TABLES, type FtsTable } from './fts-tables'
import { bound, floorOf, isAfter, reachOf, rescore } from './global-score'
import {
  cappedCount,
  leftUnderCap,
  phraseDocsStatement,
  readStats,
  type ShardStats,
  statsStatement,
} from './global-stats.server'
import { phrasesOf } from './query'
import { type RoundOptions, rankableHere, runRound, type ShardRound } from './shard-round.server'

export { readVarints } from './global-stats.server'

/**
 * One bm25 over several shard databases (decisions/0073). FTS5's bm25() scores a row with its own
 * database's statistics: the row count N, the average row length and each phrase's document
 * count (its IDF). A word common in one shard and rare in another would score differently by
 * where a document lives, so per-shard scores cannot be merged as they are. Each shard instead
 * reports those statistics and its best candidates; the statistics are summed (the shards hold
 * disjoint documents, so the sums are exactly one database's), and every candidate is rescored
 * with them by FTS5's own formula. The result is the ranking the same documents get in one
 * database, to the last digit FTS5 computes.
 *
 * What a candidate needs: its length D (the `_docsize` record) and each phrase's weighted count
 * in it, recovered from a one-phrase bm25 of the candidate in its shard (bm25 is invertible for
 * one phrase once N, the average length, the IDF and D are known; counts are whole numbers, so
 * the recovery is exact).
 *
 * Which candidates: the shard's top K by its local score. A document's global score is within a
 * factor of its local one, bounded by the ratios of global to local IDFs and average lengths
 * (see `bound`), so the K-th local score bounds every document the shard did not send. When the
 * merged page's last score does not beat a shard's bound, that shard sends more (K × 4) and the
 * merge runs again: the merged page is exact, not approximately so.
 */

export type ShardRankOptions = {
  limit: number
  offset: number
  /** Facet clauses (filters): every clause must match; bm25 ranks the words alone (decisions/0041). */
  clauses?: string[][]
  /** Candidates asked of each shard in the first round (more when the bound says so). */
  firstWindow?: number
  /**
   * Every database holding the table's documents, when a filter narrowed `shards` to some of
   * them: the others send their statistics only, so the scores are those of one database
   * holding every document, as an unsharded filtered search scores them (decisions/0076).
   */
  statistics?: readonly Database[]
  /**
   * A cursor (decisions/0076): the page starts after this row of the merged order, and no shard
   * sends the rows before it (`offset` is then 0).
   */
  after?: { score: number; id: number } | null
  /**
   * The ids a database answers for while a split has a shard of the table in two databases
   * (decisions/0077): its candidates and counts are of those only. A database absent answers for
   * every row it holds (no condition: the statements stay as without splits).
   */
  owned?: ReadonlyMap<Database, readonly IdRange[]>
  /** When a shard counts on (count-on.server.ts); none counts on without it. */
  clock?: Clock
  /**
   * Hears, once, the highest ids answered so far (null: a shard still out) when a shard counting
   * on proves the search past the cap before every shard answered (count-on.server.ts).
   */
  onPast?: (highest: (number[] | null)[]) => void
}

export type ShardHit = { shard: number; id: number; score: number }
export type ShardRanking = {
  /** The page, best first: negative scores like FTS5's bm25 (lower is better), ties by id, highest first. */
  hits: ShardHit[]
  /** Matches over every shard, each shard's count capped at COUNT_CAP + 1. */
  total: number
  /** False above COUNT_CAP matches, where the product lists newest first instead (decisions/0017). */
  ranked: boolean
  /**
   * Unranked only: per shard, its highest matching ids (offset + limit of them at least) when its
   * first round sent them (every shard's does, but not after a cursor), else null (decisions/0082).
   */
  highest?: (number[] | null)[]
  /**
   * Ranked only: the global scores of a shard's rows that match, among the ids `only` selects
   * (a condition on `rowid`), with the statistics of this ranking: one more statement on that
   * shard (decisions/0087: whether a lawsuit has a party ranked before a cursor).
   */
  scoresOf?: (shard: number, only: SQL) => Promise<Map<number, number>>
}

/**
 * Candidates a shard sends in its first round. bm25 crowds a word's best scores under its ceiling
 * (coleta's 20th and 120th best in a shard differ by 0.3%), and a shard's bound is its last
 * candidate's score times the global/local ratio: with 20, every shard was short of the page and
 * walked every match again for more (decisions/0109). A few hundred rows cost a shard little more
 * than 20: bm25 runs over every match either way.
 */
export const FIRST_CANDIDATES = 200

/**
 * The page of `offset`, `limit` by relevance over several shard databases, as one database holding
 * every document would rank it (ties: the higher id first, as there). Shards are asked in parallel.
 */
export async function rankAcrossShards(
  shards: readonly Database[],
  table: FtsTable,
  userExpression: string,
  {
    limit,
    offset: asked,
    clauses = [],
    firstWindow,
    statistics = [],
    after = null,
    owned = new Map(),
    clock,
    onPast,
  }: ShardRankOptions,
): Promise<ShardRanking> {
  const ownedOf = (db: Database) => owned.get(db) ?? null
  const phrases = phrasesOf(userExpression)
  /** One round on the shard `shard`: the first (no statistics yet) or a later one. */
  const roundOn = (shard: number, window: number, stats: ShardStats | null, options: RoundOptions = {}) => {
    const db = shards[shard] as Database
    return runRound(db, table, userExpression, phrases, clauses, window, stats, {
      owned: ownedOf(db),
      ...options,
    })
  }
  /** A shard's statistics alone (`clauses`: its matches are those of the filters). */
  const statsOf = async (db: Database, filters: string[][]) => {
    const [rows] = await allInBatch(db, [
      statsStatement(table, userExpression, phrases, filters, ownedOf(db)),
    ])
    return readStats((rows?.[0] ?? {}) as Record<string, unknown>, phrases)
  }
  const rankable = rankableHere(new Set([...shards, ...statistics]).size)
  // The filters' matches are all in the shards asked: each counts its share of the cap first.
  const matchesCap = rankableHere(shards.length) + 1
  const offset = after ? 0 : asked
  const wanted = offset + limit
  // A page of none (a count: legislation's statutes after its cursor is past them) asks for no candidate.
  const window = firstWindow ?? (wanted ? Math.max(wanted, FIRST_CANDIDATES) : 0)
  // An unranked page (past COUNT_CAP) needs only its own rows of each shard's newest.
  const newest = wanted ? Math.max(wanted, 10) : 0
  const firstRound = { rankable, wordsCap: rankable + 1, newest, matchesCap }
  // A shard past its share counts on while slower shards are still out (count-on.server.ts).
  const counting = countingOn(
    shards.length,
    clock,
    (shard, caps) => roundOn(shard, window, null, { ...firstRound, ...caps }),
    onPast,
  )
  // After a cursor the statistics come first: each shard's floor needs the global ones.
  const [first, others] = await Promise.all([
    Promise.all(
      shards.map((db, shard) =>
        after
          ? statsOf(db, clauses).then(
              (stats): ShardRound => ({
                stats,
                candidates: [],
                window: 0,
                floor: null,
                highest: null,
                skipped: false,
              }),
            )
          : roundOn(shard, window, null, firstRound).then((round) => {
              counting.answer(shard, round)
              return round
            }),
      ),
    ),
    Promise.all(
      statistics
        .filter((db) => !shards.includes(db))
        // A shard the filters left out holds no match of them.
        .map(async (db) => ({ ...(await statsOf(db, [])), matches: 0 })),
    ),
  ])
  let rounds = first
  const sums = () => ({
    total: rounds.reduce((sum, r) => sum + r.stats.matches, 0),
    words: [...rounds.map((r) => r.stats), ...others].reduce((sum, s) => sum + s.wordMatches, 0),
  })
  let { total, words } = sums()
  const countedOn = counting.started()
  if (countedOn && words <= COUNT_CAP && total <= COUNT_CAP) {
    const counted = await countedOn.round
    rounds = rounds.map((round, shard) => (shard === countedOn.shard ? counted : round))
    ;({ total, words } = sums())
  }
  // A first round counts each shard's words only past its share of the cap (decisions/0107): a
  // phrase in most matérias is walked for 10,001 matches in all, not in each shard. A shard past
  // its share skipped its ranking, and its count is a floor: the sum of floors past the cap proves
  // the search is; else those shards are asked again, counted in full, and each ranks only if its
  // count with the others' floors can still be under the cap (a shard that skips then proves the
  // search past it: its count plus the others' floors is).
  if (words <= COUNT_CAP && total <= COUNT_CAP && rounds.some((r) => r.skipped)) {
    const floors = words
    // What this shard may hold with the search still under the cap: counted that far and no
    // further, its count is exact (it ranks) or proves the search past the cap (it skips).
    const rankableAgain = (round: ShardRound) => leftUnderCap(floors, round.stats.wordMatches)
    rounds = await Promise.all(
      rounds.map((round, shard) =>
        round.skipped
          ? roundOn(shard, window, null, {
              rankable: rankableAgain(round),
              wordsCap: rankableAgain(round) + 1,
              newest,
              // As far as the others' counts leave under the cap: exact, or proving it passed.
              matchesCap: leftUnderCap(total, round.stats.matches) + 1,
            })
          : round,
      ),
    )
    ;({ total, words } = sums())
    // Unreachable by the argument above; kept so that a wrong floor costs a round, never a page.
    if (words <= COUNT_CAP && total <= COUNT_CAP && rounds.some((r) => r.skipped))
      rounds = await Promise.all(
        rounds.map((round, shard) => (round.skipped ? roundOn(shard, window, null, { newest }) : round)),
      )
  }
  // A filtered count that reached its share is a floor: past the cap with the others' counts it
  // proves the search is (the common case, "de" in SP); else it is counted on, as far as the cap
  // less the others' counts, which makes it exact or proves the total past the cap: one round.
  const floored = (round: ShardRound) =>
    round.matchesCap !== undefined && round.matchesCap <= COUNT_CAP && round.stats.matches >= round.matchesCap
  if (total <= COUNT_CAP && rounds.some(floored)) {
    const match = combineMatch(FTS_TABLES[table].columns, userExpression, clauses)
    rounds = await Promise.all(
      rounds.map(async (round, shard) => {
        if (!floored(round)) return round
        const cap = leftUnderCap(total, round.stats.matches) + 1
        const db = shards[shard] as Database
        const [rows] = await allInBatch(db, [sql`SELECT ${cappedCount(table, match, ownedOf(db), cap)} AS n`])
        const matches = Number((rows?.[0] as { n?: number } | undefined)?.n ?? 0)
        return { ...round, stats: { ...round.stats, matches }, matchesCap: cap }
      }),
    )
    ;({ total, words } = sums())
  }
  if (words > COUNT_CAP || total > COUNT_CAP)
    return { hits: [], total, ranked: false, highest: rounds.map((r) => r.highest) }
  if (!wanted) return { hits: [], total, ranked: true }
  // A shard where the words meet in no row left its phrases' rows uncounted: the global IDF
  // needs them only when some other shard has a match (decisions/0109).
  if (words > 0 && rounds.some((r) => r.stats.docsPending))
    rounds = await Promise.all(
      rounds.map(async (round, shard) => {
        if (!round.stats.docsPending) return round
        const [rows] = await allInBatch(shards[shard] as Database, [phraseDocsStatement(table, phrases)])
        const head = (rows?.[0] ?? {}) as Record<string, unknown>
        const phraseDocs = phrases.map((_, i) => Number(head[`p${i}`] ?? 0))
        return { ...round, stats: { ...round.stats, phraseDocs, docsPending: false } }
      }),
    )
  const every = [...rounds.map((r) => r.stats), ...others]
  const global: ShardStats = {
    rows: every.reduce((sum, s) => sum + s.rows, 0),
    tokens: every.reduce((sum, s) => sum + s.tokens, 0),
    phraseDocs: phrases.map((_, i) => every.reduce((sum, s) => sum + (s.phraseDocs[i] ?? 0), 0)),
    matches: total,
    wordMatches: words,
  }
  if (after)
    rounds = await Promise.all(
      rounds.map((round, shard) => {
        const floor = floorOf(round.stats, global, { score: -after.score })
        return roundOn(shard, window, round.stats, { floor })
      }),
    )
  for (;;) {
    const merged = rounds
      .flatMap((round, shard) =>
        round.candidates.map((c) => ({ shard, id: c.id, score: -rescore(c, round.stats, global) })),
      )
      .filter((hit) => !after || isAfter(hit, after))
      .sort((a, b) => a.score - b.score || b.id - a.id)
    const page = merged.slice(offset, wanted)
    const last = merged[wanted - 1]
    // A shard whose unsent documents could still reach the page sends more.
    const short = rounds.map((round) => {
      const ceiling = bound(round, global)
      return ceiling > 0 && (last === undefined || -last.score <= ceiling)
    })
    if (!short.includes(true)) {
      const scoresOf = async (shard: number, only: SQL) => {
        const round = rounds[shard] as ShardRound
        const found = await roundOn(shard, COUNT_CAP, round.stats, { only })
        return new Map(found.candidates.map((c) => [c.id, -rescore(c, round.stats, global)]))
      }
      return { hits: page, total, ranked: true, scoresOf }
    }
    // A short shard sends, in one more round, every row that can still reach the page's last
    // score (decisions/0108); with the page not yet full, every row it has.
    rounds = await Promise.all(
      rounds.map((round, shard) => {
        if (!short[shard]) return round
        const ceiling = last ? reachOf(round.stats, global, -last.score) : null
        if (last && ceiling === null)
          return roundOn(shard, round.window * 4, round.stats, { floor: round.floor })
        return roundOn(shard, COUNT_CAP, round.stats, { floor: round.floor, ceiling })
      }),
    )
  }
}
