import { type SQL, sql } from 'drizzle-orm'
import { allInBatch, type Database } from '~/db/client.server'
import type { IdRange } from '~/domain/corpus/shard-map'
import { combineMatch, NO_MATCH } from './facets'
import { COUNT_CAP } from './fts.server'
import { FTS_TABLES, type FtsTable } from './fts-tables'
import {
  idf,
  K1,
  lengthNorm,
  readStats,
  readVarints,
  type ShardStats,
  saturate,
  statsParts,
  statsStatement,
} from './global-stats.server'
import { ownedRows } from './owned.server'

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

/** The quoted phrases of a match expression made by `toMatchExpression`. */
export function phrasesOf(userExpression: string): string[] {
  return userExpression.match(/"(?:[^"]|"")*"/g) ?? []
}

type Candidate = { id: number; local: number; length: number; phraseScores: number[] }
type ShardRound = {
  stats: ShardStats
  candidates: Candidate[]
  window: number
  floor: number | null
  /**
   * The first round left the ranking out on the guess that the search is past COUNT_CAP over
   * every database, which the counts then contradicted: the shard is asked again, in full.
   */
  skipped: boolean
  /**
   * The first round's highest matching ids (no cursor): the page if the search is past COUNT_CAP.
   * Empty when the shard has no match: sent all the same, so it is not asked again (a phrase's
   * second walk found nothing for 8 ms a shard at 4,000,000 documents).
   */
  highest: number[] | null
}

/**
 * One round's statement for one shard: K candidates, with (first round only) the highest ids and
 * the statistics as one more row, its id NULL: one statement whose capped count serves both.
 */
function roundStatements(
  table: FtsTable,
  userExpression: string,
  phrases: string[],
  clauses: string[][],
  window: number,
  withStats: boolean,
  floor: number | null = null,
  owned: readonly IdRange[] | null = null,
  only: SQL = sql``,
  rankable = COUNT_CAP,
): SQL {
  const spec = FTS_TABLES[table]
  const fts = sql.raw(`${table}_fts`)
  const docsize = sql.raw(`${table}_fts_docsize`)
  const weights = sql.raw([...spec.columns.map(() => '1.0'), '0.0'].join(', '))
  const words = combineMatch(spec.columns, userExpression, [])
  const match = combineMatch(spec.columns, userExpression, clauses)
  // During a split, only the rows this database answers for (decisions/0077).
  const ours = sql`${ownedRows(table, owned)}${only}`
  const within =
    words === match ? ours : sql`AND +rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match}) ${ours}`
  // With the statistics (the first round), a shard whose words alone match more than COUNT_CAP
  // rows puts the query past the cap, where nothing is ranked: it skips bm25 over every match, as
  // one database's NO_MATCH branch does (`rankedStatement`), which costs most for common words.
  // Its highest matching ids come with the candidates (score NULL): the unranked page, merged by
  // id, needs no second round (decisions/0082). `rankable` below COUNT_CAP: the guess that the
  // databases together are past it (see `rankableHere`, decisions/0086).
  const past = sql`((SELECT n FROM words) > ${rankable})`
  const ranked = withStats ? sql`(CASE WHEN ${past} THEN ${NO_MATCH} ELSE ${words} END)` : sql`${words}`
  // Sent by every shard, past the cap here or not: the sum of the shards' counts may pass it
  // where no one shard does (a walk of `window` ids from the end of the list; no second round).
  const highest = withStats
    ? sql` UNION ALL SELECT * FROM (SELECT rowid AS id, NULL AS score FROM ${fts} WHERE ${fts} MATCH ${match} ${ours} ORDER BY rowid DESC LIMIT ${window})`
    : sql``
  // After a cursor, rows every one of which is surely before it are skipped (`floor`, see `floorOf`).
  const top =
    floor === null
      ? sql`SELECT * FROM (SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH ${ranked} ${within} ORDER BY score, id DESC LIMIT ${window})${highest}`
      : sql`SELECT id, score FROM (SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH ${ranked} ${within}) WHERE score >= ${floor} ORDER BY score, id DESC LIMIT ${window}`
  // With one phrase the candidate's own score is its phrase score; with more, one bm25 per phrase
  // over the candidates, in the same statement (the candidates are found once). `+rowid`: one
  // walk of the phrase's matches; a plain `rowid IN` makes FTS5 filter once per candidate, and
  // bm25 recounts the phrase's rows (its IDF) at every filter: K walks of the posting list. With
  // no candidate (past COUNT_CAP) the walk is skipped: "de" alone is in most matérias.
  const perPhrase = phrases.length > 1 ? phrases : []
  const phraseTables = perPhrase.map(
    (phrase, i) =>
      sql`, ${sql.raw(`p${i}`)} AS MATERIALIZED (SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH (CASE WHEN EXISTS (SELECT 1 FROM top WHERE score IS NOT NULL) THEN ${combineMatch(spec.columns, phrase, [])} ELSE ${NO_MATCH} END) AND +rowid IN (SELECT id FROM top WHERE score IS NOT NULL))`,
  )
  const phraseColumns = perPhrase.map((_, i) => sql.raw(`, p${i}.score AS s${i}`))
  const phraseJoins = perPhrase.map((_, i) => sql.raw(` LEFT JOIN p${i} ON p${i}.id = top.id`))
  const candidates = sql`SELECT top.id AS id, top.score AS score, hex(ds.sz) AS size${sql.join(phraseColumns, sql``)}`
  const joins = sql`FROM top LEFT JOIN ${docsize} ds ON ds.id = top.id${sql.join(phraseJoins, sql``)}`
  if (!withStats)
    return sql`WITH top AS MATERIALIZED (${top})${sql.join(phraseTables, sql``)} ${candidates} ${joins}`
  const stats = statsParts(table, userExpression, phrases, clauses, owned, rankable)
  const none = (n: number) => sql.raw(Array.from({ length: n }, () => ', NULL').join(''))
  return sql`WITH ${stats.words}, top AS MATERIALIZED (${top})${sql.join(phraseTables, sql``)}
    ${candidates}, NULL AS averages, NULL AS matches, NULL AS words${sql.raw(phrases.map((_, i) => `, NULL AS p${i}`).join(''))} ${joins}
    UNION ALL SELECT NULL, NULL, NULL${none(perPhrase.length)}, ${stats.columns}`
}

async function runRound(
  db: Database,
  table: FtsTable,
  userExpression: string,
  phrases: string[],
  clauses: string[][],
  window: number,
  stats: ShardStats | null,
  floor: number | null = null,
  owned: readonly IdRange[] | null = null,
  only: SQL = sql``,
  rankable = COUNT_CAP,
): Promise<ShardRound> {
  const rows = await db.all<Record<string, unknown>>(
    roundStatements(
      table,
      userExpression,
      phrases,
      clauses,
      window,
      stats === null,
      floor,
      owned,
      only,
      rankable,
    ),
  )
  const known = stats ?? readStats(rows.find((r) => r.id === null) ?? {}, phrases)
  const top = rows.filter((r) => r.id !== null)
  const highest = top.filter((r) => r.score === null).map((r) => Number(r.id))
  const candidates = top
    .filter((r) => r.score !== null)
    .map((r): Candidate => {
      const id = Number(r.id)
      const local = -Number(r.score)
      const length = readVarints((r.size as string | null) ?? null).reduce((sum, n) => sum + n, 0)
      const phraseScores = phrases.length > 1 ? phrases.map((_, i) => -Number(r[`s${i}`] ?? 0)) : [local]
      return { id, local, length, phraseScores }
    })
  const skipped = stats === null && known.wordMatches > rankable && known.wordMatches <= COUNT_CAP
  return {
    stats: known,
    candidates,
    window,
    floor,
    highest: stats === null && window > 0 ? highest : null,
    skipped,
  }
}

/**
 * Whether a shard's first round ranks: only if the search can be under COUNT_CAP, i.e. if its
 * own count of the words, as if each of the `databases` holding the table had as many, is. One
 * database is past the cap only when the sum of the shards' counts is, and no shard knows the
 * others' in the first round: without the guess a word in 4,000 matérias of each of four
 * shards was ranked in all four (bm25 over every match, each phrase's rows walked) for a page
 * listed newest first (decisions/0086). A wrong guess costs the shards that skipped a second
 * first round (`skipped`), never a different page. With one database the threshold is the cap.
 */
const rankableHere = (databases: number) => Math.floor(COUNT_CAP / Math.max(1, databases))

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
  const lengthRatio = Math.max(1, global.tokens / global.rows / (local.tokens / local.rows))
  // Each phrase adds at most its ratio times its local part, and never more than its global IDF
  // times k1 + 1 (the saturation's ceiling); the local parts sum to at most the K-th score. The
  // most the phrases can add is then a fractional knapsack: the budget goes to the largest
  // ratios first. A phrase in most of a shard's rows has its local IDF clamped to 1e-6 (FTS5),
  // so its ratio is huge but its ceiling small: without the ceilings that shard would be asked
  // for more until it had sent every match (decisions/0082).
  const phrases = local.phraseDocs
    .map((docs, i) => {
      const globalIdf = idf(global.rows, global.phraseDocs[i] ?? 0)
      return { ratio: (globalIdf / idf(local.rows, docs)) * lengthRatio, ceiling: globalIdf * (K1 + 1) }
    })
    .sort((a, b) => b.ratio - a.ratio)
  let budget = last.local
  let most = 0
  for (const { ratio, ceiling } of phrases) {
    const spent = Math.min(budget, ceiling / ratio)
    most += spent * ratio
    budget -= spent
    if (budget <= 0) break
  }
  return most
}

/**
 * The lowest local bm25 (FTS5's negative score) a shard's row may have and still come after the
 * cursor: global/local is at least the smallest IDF ratio times min(1, global / local average
 * length) (the saturation's lower bound), so a row whose local score, so scaled, already beats
 * the cursor's global score was on an earlier page and is not sent.
 */
function floorOf(local: ShardStats, global: ShardStats, after: { score: number }): number | null {
  const idfRatio = Math.min(
    ...local.phraseDocs.map((docs, i) => idf(global.rows, global.phraseDocs[i] ?? 0) / idf(local.rows, docs)),
  )
  const lengthRatio = Math.min(1, global.tokens / global.rows / (local.tokens / local.rows))
  const lowest = idfRatio * lengthRatio
  // A hair of slack for floating point: a row let through is dropped by the exact comparison.
  return lowest > 0 && Number.isFinite(lowest) ? -((after.score / lowest) * (1 + 1e-9) + 1e-12) : null
}

/** Strictly after the cursor in the merged order (score, then id highest first). */
const isAfter = (hit: { score: number; id: number }, after: { score: number; id: number }) =>
  hit.score > after.score || (hit.score === after.score && hit.id < after.id)

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
  }: ShardRankOptions,
): Promise<ShardRanking> {
  const ownedOf = (db: Database) => owned.get(db) ?? null
  const phrases = phrasesOf(userExpression)
  const rankable = rankableHere(new Set([...shards, ...statistics]).size)
  const offset = after ? 0 : asked
  const wanted = offset + limit
  // A page of none (a count: legislation's statutes after its cursor is past them) asks for no candidate.
  const window = firstWindow ?? (wanted ? Math.max(wanted, 10) : 0)
  // After a cursor the statistics come first: each shard's floor needs the global ones.
  const [first, others] = await Promise.all([
    Promise.all(
      shards.map((db) =>
        after
          ? allInBatch(db, [statsStatement(table, userExpression, phrases, clauses, ownedOf(db))]).then(
              ([rows]): ShardRound => ({
                stats: readStats((rows?.[0] ?? {}) as Record<string, unknown>, phrases),
                candidates: [],
                window: 0,
                floor: null,
                highest: null,
                skipped: false,
              }),
            )
          : runRound(
              db,
              table,
              userExpression,
              phrases,
              clauses,
              window,
              null,
              null,
              ownedOf(db),
              sql``,
              rankable,
            ),
      ),
    ),
    Promise.all(
      statistics
        .filter((db) => !shards.includes(db))
        .map(async (db) => {
          const [rows] = await allInBatch(db, [
            statsStatement(table, userExpression, phrases, [], ownedOf(db)),
          ])
          // A shard the filters left out holds no match of them.
          return { ...readStats((rows?.[0] ?? {}) as Record<string, unknown>, phrases), matches: 0 }
        }),
    ),
  ])
  let rounds = first
  const total = rounds.reduce((sum, r) => sum + r.stats.matches, 0)
  const words = [...rounds.map((r) => r.stats), ...others].reduce((sum, s) => sum + s.wordMatches, 0)
  if (words > COUNT_CAP || total > COUNT_CAP)
    return { hits: [], total, ranked: false, highest: rounds.map((r) => r.highest) }
  if (!wanted) return { hits: [], total, ranked: true }
  // The guess was wrong for these: their ranking and phrase counts, in full (same counts).
  if (rounds.some((r) => r.skipped))
    rounds = await Promise.all(
      rounds.map((round, shard) =>
        round.skipped
          ? runRound(
              shards[shard] as Database,
              table,
              userExpression,
              phrases,
              clauses,
              window,
              null,
              null,
              ownedOf(shards[shard] as Database),
            )
          : round,
      ),
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
        return runRound(
          shards[shard] as Database,
          table,
          userExpression,
          phrases,
          clauses,
          window,
          round.stats,
          floor,
          ownedOf(shards[shard] as Database),
        )
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
        const db = shards[shard] as Database
        const found = await runRound(
          db,
          table,
          userExpression,
          phrases,
          clauses,
          COUNT_CAP,
          round.stats,
          null,
          ownedOf(db),
          only,
        )
        return new Map(found.candidates.map((c) => [c.id, -rescore(c, round.stats, global)]))
      }
      return { hits: page, total, ranked: true, scoresOf }
    }
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
              round.floor,
              ownedOf(shards[shard] as Database),
            )
          : round,
      ),
    )
  }
}
