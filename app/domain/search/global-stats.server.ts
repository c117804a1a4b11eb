import { type SQL, sql } from 'drizzle-orm'
import type { IdRange } from '~/domain/corpus/shard-map'
import { B, K1, readVarints } from './bm25'
import { int, storedDocs } from './common-terms.server'
import { combineMatch } from './facets'
import { COUNT_CAP } from './fts.server'
import { FTS_TABLES, type FtsTable } from './fts-tables'
import { ownedRows } from './owned.server'

// A shard's statistics for one bm25 across shards (decisions/0073) and FTS5's formula with them:
// what global-rank.server.ts sums, rescores with and bounds by.

export { B, K1, readVarints }

export type ShardStats = {
  rows: number
  tokens: number
  phraseDocs: number[]
  /** Matches of the words and the filters (capped). */
  matches: number
  /** Matches of the words alone (capped): what decides ranked or newest first. */
  wordMatches: number
  /**
   * The words meet in no row here and the phrases' rows were left uncounted (`deferUnmatched`):
   * needed only if another shard has a match (decisions/0109).
   */
  docsPending?: boolean
}
export const idf = (rows: number, docs: number) => {
  const value = Math.log((rows - docs + 0.5) / (docs + 0.5))
  return value <= 0 ? 1e-6 : value
}
export const lengthNorm = (length: number, average: number) => 1 - B + (B * length) / average
export const saturate = (count: number, norm: number) => (count * (K1 + 1)) / (count + K1 * norm)

/**
 * How far one database's count can go with the sum of every database's still at most COUNT_CAP,
 * given the sum so far and its own part of it. Counted to this + 1, its count is exact, or with
 * the others' it proves the sum past the cap (decisions/0107, 0109).
 */
export const leftUnderCap = (sum: number, own: number) => COUNT_CAP - (sum - own)

/**
 * A phrase's rows in a shard (FTS5's own, as its bm25's IDF counts them): a common word's as
 * counted for the index's current state, without its walk, when there is such a count
 * (decisions/0110; `coalesce` evaluates the walk only when there is not).
 */
function phraseCount(table: FtsTable, phrase: string): SQL {
  const fts = sql.raw(`${table}_fts`)
  const walk = sql`(SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ${combineMatch(FTS_TABLES[table].columns, phrase, [])})`
  const stored = storedDocs(table, phrase)
  return stored ? sql`coalesce(${stored}, ${walk})` : walk
}

/**
 * The capped count of a MATCH in a shard, of its own rows only while a split has its shard in
 * two databases (`owned`, decisions/0077).
 */
export function cappedCount(
  table: FtsTable,
  expression: string,
  owned: readonly IdRange[] | null = null,
  cap = COUNT_CAP + 1,
  written = false,
): SQL {
  const fts = sql.raw(`${table}_fts`)
  return sql`(SELECT count(*) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${expression} ${ownedRows(table, owned)} LIMIT ${written ? int(cap) : cap}))`
}

/**
 * A shard's statistics: N and tokens (FTS5's averages record), each phrase's rows, the matches.
 * During a split (`owned`) the matches are the database's own rows; N, the tokens and the
 * phrases' rows stay FTS5's own, which its local bm25 used (the rescoring inverts it exactly),
 * so for that minute the scores may differ slightly from one database's (decisions/0077).
 */
export function statsStatement(
  table: FtsTable,
  userExpression: string,
  phrases: string[],
  clauses: string[][],
  owned: readonly IdRange[] | null = null,
): SQL {
  const parts = statsParts(table, userExpression, phrases, clauses, owned)
  return sql`WITH ${parts.words} SELECT ${parts.columns}`
}

/** How far a shard's statistics count (a first round across shards counts less, see each). */
export type StatsCaps = {
  /** Past this many matches of the words here, nothing is ranked: the phrases' rows go uncounted. */
  rankable?: number
  /** How far the words are counted: past `rankable` is all a first round across shards needs. */
  wordsCap?: number
  /**
   * How far the filters' matches are counted: a first round counts a shard's share of the cap,
   * and a count that reaches it is a floor, counted further only if the total needs it
   * (decisions/0109).
   */
  matchesCap?: number
  /**
   * Where the words meet in no row, the phrases' rows are not counted (`docsPending`): two common
   * words that never meet walked both lists in full in every shard (decisions/0109).
   */
  deferUnmatched?: boolean
  /** Its numbers written in, not bound (a statement that scores common words: `int`, decisions/0110). */
  written?: boolean
}

/**
 * The statistics as parts of a statement: the CTE `words` (the words' capped count, which the
 * candidates statement also reads, decisions/0082) and the columns `averages`, `matches`,
 * `words` and `p0`… that `readStats` reads.
 */
export function statsParts(
  table: FtsTable,
  userExpression: string,
  phrases: string[],
  clauses: string[][],
  owned: readonly IdRange[] | null = null,
  {
    rankable = COUNT_CAP,
    wordsCap = COUNT_CAP + 1,
    matchesCap = COUNT_CAP + 1,
    deferUnmatched = false,
    written = false,
  }: StatsCaps = {},
): { words: SQL; columns: SQL } {
  const spec = FTS_TABLES[table]
  const data = sql.raw(`${table}_fts_data`)
  const words = combineMatch(spec.columns, userExpression, [])
  const match = combineMatch(spec.columns, userExpression, clauses)
  // A phrase's rows are counted only when the words are rankable here: past COUNT_CAP in one
  // shard the search is past it in all (nothing is ranked), and the count would walk the whole
  // posting list (every matéria holds "de"), which one database's unranked branch never does.
  // A query of one phrase (a word, or words in quotes) is its phrase: the words' capped count,
  // at most COUNT_CAP here, is then the phrase's exact row count, and no second walk is needed
  // (not during a split: the count is then of the database's own ids, the IDF of all its rows).
  // `rankable` lower than COUNT_CAP: the first round's guess that the search is past the cap
  // over every database (global-rank.server.ts, decisions/0086).
  const most = written ? int(rankable) : sql`${rankable}`
  const counted =
    deferUnmatched && phrases.length > 1
      ? sql`(SELECT n FROM words) BETWEEN 1 AND ${most}`
      : sql`(SELECT n FROM words) <= ${most}`
  const phraseDocs = phrases.map(
    (phrase, i) =>
      sql`CASE WHEN ${counted} THEN ${
        phrases.length === 1 && phrase === userExpression.trim() && !owned
          ? sql`(SELECT n FROM words)`
          : phraseCount(table, phrase)
      } END AS ${sql.raw(`p${i}`)}`,
  )
  // The regime follows the words alone, filtered or not (decisions/0041), as in one database.
  return {
    words: sql`words AS MATERIALIZED (SELECT ${cappedCount(table, words, owned, wordsCap, written)} AS n)`,
    columns: sql`(SELECT hex(block) FROM ${data} WHERE id = 1) AS averages,
        ${words === match ? sql`(SELECT n FROM words)` : sql`CASE WHEN (SELECT n FROM words) = 0 THEN 0 ELSE ${cappedCount(table, match, owned, matchesCap, written)} END`} AS matches,
        ${words === match ? sql`NULL` : sql`(SELECT n FROM words)`} AS words
        ${phraseDocs.length ? sql`, ${sql.join(phraseDocs, sql`, `)}` : sql``}`,
  }
}

export function readStats(head: Record<string, unknown>, phrases: string[]): ShardStats {
  const [count = 0, ...columns] = readVarints((head.averages as string | null) ?? null)
  const matches = Number(head.matches ?? 0)
  const wordMatches = head.words === null || head.words === undefined ? matches : Number(head.words)
  const uncounted = phrases.some((_, i) => head[`p${i}`] === null || head[`p${i}`] === undefined)
  return {
    rows: count,
    tokens: columns.reduce((sum, n) => sum + n, 0),
    phraseDocs: phrases.map((_, i) => Number(head[`p${i}`] ?? 0)),
    matches,
    wordMatches,
    ...(wordMatches === 0 && phrases.length > 1 && uncounted ? { docsPending: true } : {}),
  }
}

/** Each phrase's rows in a shard, a pending shard's (`docsPending`). */
export function phraseDocsStatement(table: FtsTable, phrases: string[]): SQL {
  return sql`SELECT ${sql.join(
    phrases.map((phrase, i) => sql`${phraseCount(table, phrase)} AS ${sql.raw(`p${i}`)}`),
    sql`, `,
  )}`
}
