import { type SQL, sql } from 'drizzle-orm'
import { allInBatch, type Database } from '~/db/client.server'
import { ownedBy } from '~/domain/corpus/read/across-shards.server'
import type { IdRange } from '~/domain/corpus/shard-map'
import { combineMatch, NO_MATCH } from './facets'
import { COUNT_CAP } from './fts.server'
import { FTS_TABLES, type FtsTable } from './fts-tables'

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

const K1 = 1.2
const B = 0.75

export type ShardRankOptions = {
  limit: number
  offset: number
  /** Facet clauses (filters): every clause must match; bm25 ranks the words alone (decisions/0041). */
  clauses?: string[][]
  /** Candidates asked of each shard in the first round (more when the bound says so). */
  firstWindow?: number
  /** Per shard, the ids it answers for while a split has them in two databases (decisions/0077). */
  owned?: readonly (IdRange[] | null)[]
}

export type ShardHit = { shard: number; id: number; score: number }
export type ShardRanking = {
  /** The page, best first: negative scores like FTS5's bm25 (lower is better), ties by id, highest first. */
  hits: ShardHit[]
  /** Matches over every shard, each shard's count capped at COUNT_CAP + 1. */
  total: number
  /** False above COUNT_CAP matches, where the product lists newest first instead (decisions/0017). */
  ranked: boolean
}

/** The quoted phrases of a match expression made by `toMatchExpression`. */
export function phrasesOf(userExpression: string): string[] {
  return userExpression.match(/"(?:[^"]|"")*"/g) ?? []
}

/** SQLite varints (FTS5's `_data` averages record and `_docsize` records), from `hex()`. */
export function readVarints(hex: string | null): number[] {
  const bytes = (hex ?? '').match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? []
  const values: number[] = []
  let at = 0
  while (at < bytes.length) {
    let value = 0
    let read = 0
    for (;;) {
      const byte = bytes[at++] ?? 0
      read += 1
      if (read === 9) {
        value = value * 256 + byte
        break
      }
      value = value * 128 + (byte & 0x7f)
      if (!(byte & 0x80)) break
    }
    values.push(value)
  }
  return values
}

type ShardStats = { rows: number; tokens: number; phraseDocs: number[]; matches: number }
type Candidate = { id: number; local: number; length: number; phraseScores: number[] }
type ShardRound = { stats: ShardStats; candidates: Candidate[]; window: number }

const idf = (rows: number, docs: number) => {
  const value = Math.log((rows - docs + 0.5) / (docs + 0.5))
  return value <= 0 ? 1e-6 : value
}
const lengthNorm = (length: number, average: number) => 1 - B + (B * length) / average
const saturate = (count: number, norm: number) => (count * (K1 + 1)) / (count + K1 * norm)

/** The statements of one round for one shard: statistics (first round only) and K candidates. */
function roundStatements(
  table: FtsTable,
  userExpression: string,
  phrases: string[],
  clauses: string[][],
  window: number,
  withStats: boolean,
  owned: IdRange[] | null = null,
): SQL[] {
  const spec = FTS_TABLES[table]
  const fts = sql.raw(`${table}_fts`)
  const data = sql.raw(`${table}_fts_data`)
  const docsize = sql.raw(`${table}_fts_docsize`)
  const weights = sql.raw([...spec.columns.map(() => '1.0'), '0.0'].join(', '))
  const words = combineMatch(spec.columns, userExpression, [])
  const match = combineMatch(spec.columns, userExpression, clauses)
  const ours = owned ? sql`AND ${ownedBy(sql`rowid`, owned)}` : sql``
  const within =
    words === match ? ours : sql`AND +rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match}) ${ours}`
  // A shard with more than COUNT_CAP matches alone puts the query past the cap, where nothing is
  // ranked (newest first instead): it skips bm25 over every match, as one database does
  // (`rankedStatement`'s NO_MATCH branch), which costs most for the commonest words.
  const capped = sql`(SELECT count(*) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} ${ours} LIMIT ${COUNT_CAP + 1}))`
  const ranked = withStats
    ? sql`(CASE WHEN ${capped} <= ${COUNT_CAP} THEN ${words} ELSE ${NO_MATCH} END)`
    : sql`${words}`
  const top = sql`SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH ${ranked} ${within} ORDER BY score, id DESC LIMIT ${window}`
  const statements: SQL[] = []
  if (withStats) {
    const phraseDocs = phrases.map(
      (phrase, i) =>
        sql`(SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ${combineMatch(spec.columns, phrase, [])} ${ours}) AS ${sql.raw(`p${i}`)}`,
    )
    statements.push(
      sql`SELECT (SELECT hex(block) FROM ${data} WHERE id = 1) AS averages,
        ${capped} AS matches
        ${phraseDocs.length ? sql`, ${sql.join(phraseDocs, sql`, `)}` : sql``}`,
    )
  }
  statements.push(
    sql`WITH top AS MATERIALIZED (${top}) SELECT top.id AS id, top.score AS score, hex(ds.sz) AS size FROM top LEFT JOIN ${docsize} ds ON ds.id = top.id`,
  )
  // With one phrase the candidate's own score is its phrase score; with more, one bm25 per phrase.
  if (phrases.length > 1)
    for (const phrase of phrases)
      statements.push(
        sql`WITH top AS MATERIALIZED (${top}) SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH ${combineMatch(spec.columns, phrase, [])} AND rowid IN (SELECT id FROM top)`,
      )
  return statements
}

async function runRound(
  db: Database,
  table: FtsTable,
  userExpression: string,
  phrases: string[],
  clauses: string[][],
  window: number,
  stats: ShardStats | null,
  owned: IdRange[] | null = null,
): Promise<ShardRound> {
  const rows = (await allInBatch(
    db,
    roundStatements(table, userExpression, phrases, clauses, window, stats === null, owned),
  )) as Record<string, unknown>[][]
  let at = 0
  let known = stats
  if (!known) {
    const head = rows[at++]?.[0] ?? {}
    const [count = 0, ...columns] = readVarints((head.averages as string | null) ?? null)
    known = {
      rows: count,
      tokens: columns.reduce((sum, n) => sum + n, 0),
      phraseDocs: phrases.map((_, i) => Number(head[`p${i}`] ?? 0)),
      matches: Number(head.matches ?? 0),
    }
  }
  const top = rows[at++] ?? []
  const perPhrase =
    phrases.length > 1 ? phrases.map(() => new Map(rows[at++]?.map((r) => [r.id, r.score]))) : []
  const candidates = top.map((r): Candidate => {
    const id = Number(r.id)
    const local = -Number(r.score)
    const length = readVarints((r.size as string | null) ?? null).reduce((sum, n) => sum + n, 0)
    const phraseScores =
      phrases.length > 1 ? perPhrase.map((scores) => -Number(scores.get(r.id) ?? 0)) : [local]
    return { id, local, length, phraseScores }
  })
  return { stats: known, candidates, window }
}

/** The candidate's score with global statistics, from its local phrase scores (see the header). */
function rescore(candidate: Candidate, local: ShardStats, global: ShardStats): number {
  const localNorm = lengthNorm(candidate.length, local.tokens / local.rows)
  const globalNorm = lengthNorm(candidate.length, global.tokens / global.rows)
  let score = 0
  candidate.phraseScores.forEach((phraseScore, i) => {
    const saturated = phraseScore / idf(local.rows, local.phraseDocs[i] ?? 0)
    // saturate() inverted: the phrase's weighted count in the row, a whole number.
    const count = Math.round((saturated * K1 * localNorm) / (K1 + 1 - saturated))
    score += idf(global.rows, global.phraseDocs[i] ?? 0) * saturate(count, globalNorm)
  })
  return score
}

/**
 * The most any document a shard did not send can score globally: its local score is at most
 * the K-th candidate's, and global/local is at most the largest IDF ratio times the largest
 * ratio of saturations, which the average lengths bound (between 1 and global/local average).
 */
function bound(round: ShardRound, global: ShardStats): number {
  const last = round.candidates[round.candidates.length - 1]
  if (!last || round.candidates.length < round.window) return 0 // the shard sent every match
  const local = round.stats
  const idfRatio = Math.max(
    ...local.phraseDocs.map((docs, i) => idf(global.rows, global.phraseDocs[i] ?? 0) / idf(local.rows, docs)),
  )
  const lengthRatio = Math.max(1, global.tokens / global.rows / (local.tokens / local.rows))
  return last.local * idfRatio * lengthRatio
}

/**
 * The page of `offset`, `limit` by relevance over several shard databases, as one database holding
 * every document would rank it (ties: the higher id first, as there). Shards are asked in parallel.
 */
export async function rankAcrossShards(
  shards: readonly Database[],
  table: FtsTable,
  userExpression: string,
  { limit, offset, clauses = [], firstWindow, owned = [] }: ShardRankOptions,
): Promise<ShardRanking> {
  const phrases = phrasesOf(userExpression)
  const wanted = offset + limit
  let rounds = await Promise.all(
    shards.map((db, shard) =>
      runRound(
        db,
        table,
        userExpression,
        phrases,
        clauses,
        firstWindow ?? Math.max(wanted, 10),
        null,
        owned[shard] ?? null,
      ),
    ),
  )
  const total = rounds.reduce((sum, r) => sum + r.stats.matches, 0)
  if (total > COUNT_CAP) return { hits: [], total, ranked: false }
  const global: ShardStats = {
    rows: rounds.reduce((sum, r) => sum + r.stats.rows, 0),
    tokens: rounds.reduce((sum, r) => sum + r.stats.tokens, 0),
    phraseDocs: phrases.map((_, i) => rounds.reduce((sum, r) => sum + (r.stats.phraseDocs[i] ?? 0), 0)),
    matches: total,
  }
  for (;;) {
    const merged = rounds
      .flatMap((round, shard) =>
        round.candidates.map((c) => ({ shard, id: c.id, score: -rescore(c, round.stats, global) })),
      )
      .sort((a, b) => a.score - b.score || b.id - a.id)
    const page = merged.slice(offset, wanted)
    const last = merged[wanted - 1]
    // A shard whose unsent documents could still reach the page sends more.
    const short = rounds.map((round) => {
      const ceiling = bound(round, global)
      return ceiling > 0 && (last === undefined || -last.score <= ceiling)
    })
    if (!short.includes(true)) return { hits: page, total, ranked: true }
    rounds = await Promise.all(
      rounds.map((round, shard) =>
        short[shard]
          ? runRound(
              shards[shard] as Database,
              table,
              userExpression,
              phrases,
              clauses,
              round.window * 4,
              round.stats,
              owned[shard] ?? null,
            )
          : round,
      ),
    )
  }
}
