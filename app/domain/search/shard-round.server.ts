import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { IdRange } from '~/domain/corpus/shard-map'
import { clampedPlan, clampedScore, commonCheck, int, SCORING_COST } from './common-terms.server'
import { combineMatch, NO_MATCH } from './facets'
import { COUNT_CAP } from './fts.server'
import { FTS_TABLES, type FtsTable } from './fts-tables'
import { readStats, readVarints, type ShardStats, statsParts } from './global-stats.server'
import { ownedRows } from './owned.server'

// One shard's part of a ranking across shards (decisions/0073, 0082, 0086): the statement of a
// round (candidates, highest ids, statistics) and what its answer says.

export type Candidate = { id: number; local: number; length: number; phraseScores: number[] }
export type ShardRound = {
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
  /** The cap the filters' matches were counted to: a count that reaches it is a floor. */
  matchesCap?: number
}

/** What a round asks beyond its window of candidates (see `roundStatements`). */
export type RoundOptions = {
  /** After a cursor: rows every one of which is surely before it are skipped (`floorOf`). */
  floor?: number | null
  /** During a split, the ids this database answers for (decisions/0077). */
  owned?: readonly IdRange[] | null
  /** A condition on `rowid` (`scoresOf`). */
  only?: SQL
  /** Past this many matches of the words here, the ranking is skipped (`rankableHere`). */
  rankable?: number
  /** How far the words are counted (past `rankable` is all a first round needs). */
  wordsCap?: number
  /** Only rows scoring at least this well (FTS5's negative score; `reachOf`). */
  ceiling?: number | null
  /** The first round's highest matching ids: this many (the unranked page). */
  newest?: number
  /** How far a first round counts the filters' matches (`StatsCaps`). */
  matchesCap?: number
  /** The round that scores the query's common words, sent where the round said so (decisions/0110). */
  clamped?: boolean
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
  {
    floor = null,
    owned = null,
    only = sql``,
    rankable = COUNT_CAP,
    wordsCap = COUNT_CAP + 1,
    ceiling = null,
    newest = window,
    matchesCap = COUNT_CAP + 1,
    clamped = false,
  }: RoundOptions,
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
  // A query with a common word has its numbers written in, not bound (`int`, decisions/0110).
  const plan = clampedPlan(table, phrases)
  const num = (value: number) => (plan ? int(value) : sql`${value}`)
  const past = sql`((SELECT n FROM words) > ${num(rankable)})`
  // No match of the words here: nothing more is walked (two common words may meet in no matéria
  // of a period, and each walk of their lists costs what the count did).
  const noMatch = sql`((SELECT n FROM words) = 0)`
  // A query with a common word beside rarer ones (decisions/0110): the round checks whether that
  // word can be scored here without its walk (`cw`); where it can, bm25 reads nothing and the
  // round says so (the score of its row without an id), and `runRound` sends the scoring round
  // (`clamped`), whose candidates and phrase scores come from `scored`.
  const scoring = Boolean(plan && clamped)
  const matches = withStats
    ? sql`(SELECT n FROM words)`
    : sql`(SELECT count(*) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${words} LIMIT ${int(SCORING_COST.most + 1)}))`
  const ready = withStats ? sql`(SELECT n <= ${int(rankable)} FROM words)` : sql`1`
  const common = plan
    ? sql`${commonCheck(plan, matches, ready)}, ${scoring ? sql`${clampedScore(plan, words, sql`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} ${ours}`)}, ` : sql``}`
    : sql``
  const notClamped = plan ? sql` OR (SELECT yes FROM cw)` : sql``
  const ranked = withStats
    ? sql`(CASE WHEN ${past} OR ${noMatch}${notClamped} THEN ${NO_MATCH} ELSE ${words} END)`
    : plan
      ? sql`(CASE WHEN (SELECT yes FROM cw) THEN ${NO_MATCH} ELSE ${words} END)`
      : sql`${words}`
  // The scoring round's candidates carry their phrase parts (`t<i>`) from `scored`: the phrase
  // scores read them from \`top\`, not from \`scored\` again (each reference to a CTE prepares its
  // body again: 1.2 ms a phrase for "1000015 de" at 4,000,000).
  const perPhrase = phrases.length > 1 ? phrases : []
  const parts = scoring ? perPhrase.map((_, i) => sql.raw(`, NULL AS t${i}`)) : []
  const partsOf = (source: string) =>
    scoring ? sql.raw(perPhrase.map((_, i) => `, ${source}t${i}`).join('')) : sql``
  const fromScored = scoring ? sql` UNION ALL SELECT id, score${partsOf('')} FROM scored` : sql``
  // Sent by every shard, past the cap here or not: the sum of the shards' counts may pass it
  // where no one shard does (a walk of `newest` ids from the end of the list; no second round).
  const highest = withStats
    ? sql` UNION ALL SELECT * FROM (SELECT rowid AS id, NULL AS score${sql.join(parts, sql``)} FROM ${fts} WHERE ${fts} MATCH (CASE WHEN ${noMatch} THEN ${NO_MATCH} ELSE ${match} END) ${ours} ORDER BY rowid DESC LIMIT ${num(newest)})`
    : sql``
  // After a cursor, rows every one of which is surely before it are skipped (`floor`, see `floorOf`).
  // A later round may ask only for rows good enough to reach the page (`ceiling`, see `reachOf`).
  const kept = [
    ...(floor === null ? [] : [sql`score >= ${floor}`]),
    ...(ceiling === null ? [] : [sql`score <= ${ceiling}`]),
  ]
  const bm25 = sql`SELECT rowid AS id, bm25(${fts}, ${weights}) AS score${sql.join(parts, sql``)} FROM ${fts} WHERE ${fts} MATCH ${ranked} ${within}${fromScored}`
  const top = !kept.length
    ? sql`SELECT * FROM (${bm25} ORDER BY score, id DESC LIMIT ${num(window)})${highest}`
    : sql`SELECT * FROM (${bm25}) WHERE ${sql.join(kept, sql` AND `)} ORDER BY score, id DESC LIMIT ${num(window)}`
  // With one phrase the candidate's own score is its phrase score; with more, one bm25 per phrase
  // over the candidates, in the same statement (the candidates are found once). `+rowid`: one
  // walk of the phrase's matches; a plain `rowid IN` makes FTS5 filter once per candidate, and
  // bm25 recounts the phrase's rows (its IDF) at every filter: K walks of the posting list. With
  // no candidate (past COUNT_CAP) the walk is skipped: "de" alone is in most matérias.
  // The scoring round walks a phrase only where `scored` is empty (the index moved on since the
  // first round, which found few matches): no guard on \`top\` there, a reference it would prepare
  // again (0.5 ms of "1000015 de"'s round at 4,000,000).
  const walkPhrase = scoring
    ? sql`NOT (SELECT yes FROM cw)`
    : sql`EXISTS (SELECT 1 FROM top WHERE score IS NOT NULL)${plan ? sql` AND NOT (SELECT yes FROM cw)` : sql``}`
  const phraseTables = perPhrase.map(
    (phrase, i) =>
      sql`, ${sql.raw(`p${i}`)} AS MATERIALIZED (SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH (CASE WHEN ${walkPhrase} THEN ${combineMatch(spec.columns, phrase, [])} ELSE ${NO_MATCH} END) AND +rowid IN (SELECT id FROM top WHERE score IS NOT NULL))`,
  )
  // Scored rows (the bm25 arms above read nothing then) take their part as `scored` made it.
  const phraseColumns = perPhrase.map((_, i) =>
    sql.raw(scoring ? `, coalesce(p${i}.score, -1.0 * top.t${i}) AS s${i}` : `, p${i}.score AS s${i}`),
  )
  const phraseJoins = perPhrase.map((_, i) => sql.raw(` LEFT JOIN p${i} ON p${i}.id = top.id`))
  const candidates = sql`SELECT top.id AS id, top.score AS score, hex(ds.sz) AS size${sql.join(phraseColumns, sql``)}`
  const joins = sql`FROM top LEFT JOIN ${docsize} ds ON ds.id = top.id${sql.join(phraseJoins, sql``)}`
  // Whether the scoring round is to follow: the score of the row without an id.
  const flag = plan && !scoring ? sql`(SELECT yes FROM cw)` : sql`NULL`
  const none = (n: number) => sql.raw(Array.from({ length: n }, () => ', NULL').join(''))
  const follows =
    plan && !scoring ? sql` UNION ALL SELECT NULL, ${flag}, NULL${none(perPhrase.length)}` : sql``
  if (!withStats)
    return sql`WITH ${scoring ? sql`RECURSIVE ` : sql``}${common}top AS MATERIALIZED (${top})${sql.join(phraseTables, sql``)} ${candidates} ${joins}${follows}`
  const stats = statsParts(table, userExpression, phrases, clauses, owned, {
    rankable,
    wordsCap,
    matchesCap,
    deferUnmatched: true,
    written: Boolean(plan),
  })
  return sql`WITH ${scoring ? sql`RECURSIVE ` : sql``}${stats.words}, ${common}top AS MATERIALIZED (${top})${sql.join(phraseTables, sql``)}
    ${candidates}, NULL AS averages, NULL AS matches, NULL AS words${sql.raw(phrases.map((_, i) => `, NULL AS p${i}`).join(''))} ${joins}
    UNION ALL SELECT NULL, ${flag}, NULL${none(perPhrase.length)}, ${stats.columns}`
}

export async function runRound(
  db: Database,
  table: FtsTable,
  userExpression: string,
  phrases: string[],
  clauses: string[][],
  window: number,
  stats: ShardStats | null,
  options: RoundOptions = {},
): Promise<ShardRound> {
  const rows = await db.all<Record<string, unknown>>(
    roundStatements(table, userExpression, phrases, clauses, window, stats === null, options),
  )
  // The round left bm25 out: this shard's common words are scored by the next (decisions/0110).
  if (!options.clamped && rows.some((r) => r.id === null && r.score === 1))
    return runRound(db, table, userExpression, phrases, clauses, window, stats, { ...options, clamped: true })
  const { floor = null, rankable = COUNT_CAP, matchesCap = COUNT_CAP + 1 } = options
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
  // Past `rankable` here: ranking skipped, and in a first round across shards (`wordsCap` of
  // rankable + 1) the count only says "more than rankable" (decisions/0107).
  const skipped = stats === null && known.wordMatches > rankable && known.wordMatches <= COUNT_CAP
  return {
    stats: known,
    candidates,
    window,
    floor,
    highest: stats === null && window > 0 ? highest : null,
    skipped,
    matchesCap,
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
export const rankableHere = (databases: number) => Math.floor(COUNT_CAP / Math.max(1, databases))
