import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { clampedPlan, clampedScore, commonCheck, int } from './common-terms.server'
import type { SearchKey } from './cursor'
import { combineMatch, facetToken, NO_MATCH } from './facets'
import { FTS_TABLES, type FtsAttach, type FtsHit, type FtsTable, type TableSpec } from './fts-tables'
import { MARK_END, MARK_START } from './marks'
import { DAY, newest, newestFirst } from './newest.server'
import { impactCandidates, impactScores, impactTerm } from './party-impacts.server'
import { phrasesOf } from './query'

export { FTS_TABLES, type FtsAttach, type FtsHit, type FtsTable } from './fts-tables'

/**
 * Ranking at a million documents (ADR 0011, revised in ADR 0012). FTS5's bm25() first counts every
 * document holding each phrase (its IDF), so its cost follows the number of matches whatever the
 * LIMIT: 18 ms for a word in all 418,000 matérias, before any row is ranked. So:
 * - up to COUNT_CAP matches: exact bm25 over all of them (a few ms);
 * - more than COUNT_CAP: newest first (the index's rowid order, ~1 ms), because bm25 cannot be
 *   had cheaply there and a word that common says little about relevance anyway.
 * The count and the page (ranked or newest) are one statement, so a search is one round trip.
 * Snippets are made only for the rows shown. Filters are facet tokens in the MATCH (ADR 0012).
 */
export const COUNT_CAP = 10_000

export type FtsOptions = {
  limit: number
  offset: number
  snippetColumn: number | null
  /** Facet clauses from the filters: every clause must match, any token within one. */
  clauses?: string[][]
  order?: 'relevancia' | 'recentes'
  /** Across shards only (shard-search.server.ts): the page starts after this row, `offset` unused. */
  after?: SearchKey | null
  /**
   * Across shards, parties only, with `after`: drop the rows of lawsuits that have a matching
   * party at or before `after` (shown on an earlier page: decisions/0087).
   */
  newOwners?: boolean
}

export type FtsFound<Row extends object = object> = {
  hits: (FtsHit & Row)[]
  total: number
  /**
   * Across shards (shard-search.server.ts): each hit's key in the merged order, and the key of
   * the last row read (a hit dropped as an earlier lawsuit's included), so a plan that pages by
   * something else than rows (lawsuits, legislation's two parts) can make its cursor (decisions/0087).
   */
  keys?: (SearchKey | null)[]
  end?: SearchKey | null
  /** How many rows the search read before dropping earlier lawsuits' (`FtsOptions.newOwners`). */
  read?: number
  /** The statement left bm25 out: its common words are to be scored by the next (decisions/0110). */
  clamped?: boolean
}
/**
 * A cursor for `rankedStatement` on one database (one shard of a category), whether to keep each
 * hit's bm25, and whether this is the statement that scores common words (decisions/0110).
 */
export type Keyset = { after?: SearchKey | null; scores?: boolean; clamped?: boolean }
/** One ranked search as a statement, and how to read its rows: `ftsSearch`, or several in a batch. */
export type FtsStatement<Row extends object = object> = {
  query: SQL
  read: (rows: unknown[]) => FtsFound<Row>
}

function snippetOf(table: FtsTable, snippetColumn: number | null): SQL {
  const fts = sql.raw(`${table}_fts`)
  return snippetColumn === null
    ? sql`NULL`
    : sql`snippet(${fts}, ${snippetColumn}, ${MARK_START}, ${MARK_END}, '…', 28)`
}

export async function ftsSearch<Row extends object = object>(
  db: Database,
  table: FtsTable,
  userExpression: string,
  options: FtsOptions,
  attach?: FtsAttach,
): Promise<FtsFound<Row>> {
  const { limit, offset, snippetColumn, clauses = [], order = 'relevancia' } = options
  const spec: TableSpec = FTS_TABLES[table]
  if (order === 'recentes' && spec.date) {
    const match = combineMatch(spec.columns, userExpression, clauses)
    const inBucket = bucketMatch(table, userExpression, clauses)
    const page = { limit, offset, snippet: snippetOf(table, snippetColumn), attach }
    const first = await newestFirst<Row>(db, table, spec.date, match, inBucket(`zd${DAY}`), COUNT_CAP, page)
    if (first.hits) return { hits: first.hits, total: first.found.total }
    const hits = await newest<Row>(db, table, inBucket, first.found, page)
    return { hits, total: first.found.total }
  }
  return runRanked<Row>(db, table, userExpression, options, attach)
}

/** A ranked statement, and the one that scores its common words where it says so (decisions/0110). */
export async function runRanked<Row extends object = object>(
  db: Database,
  table: FtsTable,
  userExpression: string,
  options: FtsOptions,
  attach?: FtsAttach,
  keyset: Keyset = {},
): Promise<FtsFound<Row>> {
  const first = rankedStatement<Row>(table, userExpression, options, attach, keyset)
  const found = first.read(await db.all(first.query))
  if (!found.clamped) return found
  const scoring = rankedStatement<Row>(table, userExpression, options, attach, { ...keyset, clamped: true })
  return scoring.read(await db.all(scoring.query))
}

/**
 * The relevance order in one statement, one round trip: the capped count, then either the exact
 * bm25 page (at most COUNT_CAP matches) or the newest page. The branch not taken gets a MATCH
 * that finds nothing (NO_MATCH): a constant WHERE condition would still open FTS5's cursor on the
 * full phrase, which costs ~30 ms for a word in every document.
 *
 * With filters (ADR 0041) the regime follows the user's words alone, so a filter narrows the
 * list without reordering it: words with more than COUNT_CAP matches are listed newest first,
 * filtered or not. Otherwise bm25 ranks the words' matches that are also in the filtered set:
 * the same scores (facets weigh 0) without bm25's IDF pass over each facet token's postings
 * (119,000 rows for two courts' parties), so a filtered search costs what the unfiltered one does.
 * Without a match of the words (`some`), nothing is walked again: two common words that never
 * meet cost their lists' walk once, not once per branch.
 */
export function rankedStatement<Row extends object = object>(
  table: FtsTable,
  userExpression: string,
  { limit, offset, snippetColumn, clauses = [] }: FtsOptions,
  attach?: FtsAttach,
  keyset: Keyset = {},
): FtsStatement<Row> {
  // A cursor (one shard of a category, decisions/0087) applies to the branch its key is of: a
  // score to the ranked one, a bare id to the newest one; the other branch keeps the offset.
  const after = keyset.after
  const byScore = after?.s !== undefined && !after.d ? after : null
  const byId = after && after.s === undefined && !after.d ? after : null
  const rankedOffset = byScore ? 0 : offset
  const newestOffset = byId ? 0 : offset
  const scoreAfter = (ranked: SQL) =>
    byScore
      ? sql`SELECT * FROM (${ranked}) WHERE score > ${byScore.s} OR (score = ${byScore.s} AND id < ${byScore.i})`
      : ranked
  const below = byId ? sql` AND rowid < ${byId.i}` : sql``
  const spec: TableSpec = FTS_TABLES[table]
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(spec.columns, userExpression, clauses)
  const snippet = snippetOf(table, snippetColumn)
  const weights = sql.raw([...spec.columns.map(() => '1.0'), '0.0'].join(', '))
  // Snippets of the ranked rows come from the user's words alone: the facet tokens are never
  // highlighted, and looking 10 rows up in their long OR lists costs more than the ranking.
  const words = combineMatch(spec.columns, userExpression, [])
  // A query with a common word beside rarer ones (decisions/0110): the statement checks whether
  // that word can be scored without its walk (`cw`). Where it can, bm25 here reads nothing and
  // the count row says so; the caller then sends the scoring statement (`keyset.clamped`), which
  // ranks from `scored`. Both have their numbers written in (`int`: bound, they slowed them).
  const plan = clampedPlan(table, phrasesOf(userExpression))
  const scoring = Boolean(plan && keyset.clamped)
  const num = (value: number) => (plan ? int(value) : sql`${value}`)
  const capped = (expression: string) =>
    sql`SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${expression} LIMIT ${num(COUNT_CAP + 1)})`
  const common = (within?: SQL) =>
    plan
      ? sql`, ${commonCheck(plan, sql`(SELECT n FROM exact)`, sql`(SELECT yes FROM exact)`)}${scoring ? sql`, ${clampedScore(plan, words, within)}` : sql``}`
      : sql``
  // One word of a party's name, no cursor (decisions/0111, 0113): where the impacts are current
  // (`ic`), the page is their best candidates (`cand`) scored with FTS5's arithmetic, and FTS5 is
  // read only for the snippets; otherwise bm25 ranks every match as before.
  const impact = table === 'parties' && !after ? impactTerm(userExpression) : null
  const candidates = (within?: SQL) =>
    impact
      ? sql`, ${impactCandidates(impact, { most: num(rankedOffset + limit), cap: COUNT_CAP }, sql`(SELECT n FROM exact)`, sql`(SELECT yes AND some FROM exact)`, within)}`
      : sql``
  const rankedHere = plan
    ? sql`(SELECT yes AND some FROM exact) AND NOT (SELECT yes FROM cw)`
    : sql`(SELECT yes AND some FROM exact)`
  const byBm25 = impact ? sql`${rankedHere} AND NOT (SELECT yes FROM ic)` : rankedHere
  const fromScored = scoring ? sql` UNION ALL SELECT id, score FROM scored` : sql``
  const page = sql`ORDER BY score, id DESC LIMIT ${num(limit)} OFFSET ${num(rankedOffset)}`
  // The page by bm25 (`inside`: the filters' matches), and beside it the impacts' where they rank.
  const ranked = (expression: SQL | string, inside: SQL) => {
    const bm25 = sql`${scoreAfter(sql`SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH (CASE WHEN ${byBm25} THEN ${expression} ELSE ${NO_MATCH} END)${inside}${fromScored}`)} ${page}`
    return impact
      ? sql`ranked AS MATERIALIZED (SELECT * FROM (${impactScores} ${page}) UNION ALL SELECT * FROM (${bm25}))`
      : sql`ranked AS MATERIALIZED (${bm25})`
  }
  const counts =
    words === match
      ? sql`total AS MATERIALIZED (${capped(match)}),
      exact AS MATERIALIZED (SELECT n <= ${num(COUNT_CAP)} AS yes, n > 0 AS some, n FROM total)${common()}${candidates()},
      ${ranked(match, sql``)}`
      : sql`exact AS MATERIALIZED (SELECT n <= ${num(COUNT_CAP)} AS yes, n > 0 AS some, n FROM (${capped(words)})),
      within AS MATERIALIZED (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH (CASE WHEN (SELECT yes AND some FROM exact) THEN ${match} ELSE ${NO_MATCH} END)),
      total AS MATERIALIZED (SELECT CASE WHEN (SELECT yes FROM exact) THEN (SELECT count(*) FROM within) ELSE (${capped(match)}) END AS n)${common(sql`SELECT id FROM within`)}${candidates(sql`SELECT id FROM within`)},
      ${ranked(words, sql` AND +rowid IN (SELECT id FROM within)`)}`
  // The count row's score: whether the scoring statement is to follow.
  const follows = plan && !scoring ? sql`(SELECT yes FROM cw)` : sql`NULL`
  const query = sql`WITH ${scoring ? sql`RECURSIVE ` : sql``}${counts},
      shown AS MATERIALIZED (${rangeWalk(fts, sql`(CASE WHEN (SELECT yes AND some FROM exact) THEN ${words} ELSE ${NO_MATCH} END)`, snippet, sql`SELECT id FROM ranked`)}),
      hit AS (SELECT NULL AS id, ${follows} AS score, NULL AS snippet, (SELECT n FROM total) AS total
      UNION ALL
      SELECT ranked.id, ranked.score, shown.snippet, NULL FROM shown CROSS JOIN ranked ON ranked.id = shown.id
      UNION ALL
      SELECT * FROM (SELECT rowid, NULL, ${snippet}, NULL FROM ${fts} WHERE ${fts} MATCH (CASE WHEN (SELECT yes FROM exact) THEN ${NO_MATCH} ELSE ${match} END)${below} ORDER BY rowid DESC LIMIT ${num(limit)} OFFSET ${num(newestOffset)}))
      SELECT hit.* ${attach?.select ?? sql``} FROM hit ${attach?.join ?? sql``}`
  const read = (raw: unknown[]): FtsFound<Row> => {
    const rows = raw as (FtsHit & Row & { id: number | null; score: number | null; total: number | null })[]
    // The count is the row without an id (a join may reorder rows; nothing relies on order).
    const head = rows.find((r) => r.id === null)
    const total = head?.total ?? 0
    if (head?.score === 1) return { hits: [], total, clamped: true }
    const hits = rows.filter((r) => r.id !== null)
    // bm25 scores are negative (lower is better); the newest page has no score and keeps id order.
    hits.sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || (b.id ?? 0) - (a.id ?? 0))
    if (keyset.scores) return { hits: hits.map(({ total: _total, ...hit }) => hit as FtsHit & Row), total }
    return { hits: hits.map(({ score: _score, total: _total, ...hit }) => hit as FtsHit & Row), total }
  }
  return { query, read }
}

/**
 * The MATCH for "these matches, within this date bucket" (a year, month or day token). Gazette
 * matérias filtered by UF use the UF×date tokens instead (migration 0009): each bucket is then
 * a short posting list, not the intersection of a long UF list with a date list.
 */
function bucketMatch(
  table: FtsTable,
  userExpression: string,
  clauses: string[][],
): (token: string) => string {
  const columns = FTS_TABLES[table].columns
  const ufClause = clauses.find((clause) => clause.length > 0 && clause.every((t) => /^zu[a-z]{2}$/.test(t)))
  if (table !== 'gazette_articles' || !ufClause) {
    const match = combineMatch(columns, userExpression, clauses)
    return (token) => `${match} AND {facets} : ${token}`
  }
  const rest = clauses.filter((clause) => clause !== ufClause)
  return (token) =>
    combineMatch(columns, userExpression, [
      ...rest,
      ufClause.map((uf) => facetToken.ufPeriod(uf.slice(2), token)),
    ])
}

/**
 * The rows of a ranked page with their snippets, by one walk of the words' posting lists between
 * the page's lowest and highest id (`ids`: a SELECT of `id`). Joining on `rowid = id` instead
 * re-seeks every phrase's posting lists in every segment of the index per row: 0.3–0.4 ms a row
 * for "souza" among 600,000 parties (12 of the statement's 22 ms), where the walk costs at most
 * one pass over the matches, which a ranked page has at most COUNT_CAP of (issue 42). The `+`
 * keeps the id list a filter, not one FTS5 lookup per id.
 */
export function rangeWalk(fts: SQL, match: SQL | string, snippet: SQL, ids: SQL): SQL {
  return sql`SELECT rowid AS id, ${snippet} AS snippet FROM ${fts} WHERE ${fts} MATCH ${match} AND rowid >= (SELECT min(id) FROM (${ids})) AND rowid <= (SELECT max(id) FROM (${ids})) AND +rowid IN (${ids})`
}

/**
 * Matches of the user's words alone (capped) in each table, for "found elsewhere" on a
 * zero-result page: columns `c<i>` of that page's one statement (search.server's helpWithNothing).
 * `owned` (across shards, decisions/0077): per table, a condition keeping the database's own rows
 * while a split has the table's shard in two databases (none: today's column).
 */
export function countColumns(
  tables: readonly FtsTable[],
  userExpression: string,
  owned: readonly (SQL | null)[] = [],
): SQL[] {
  return tables.map((table, i) => {
    const fts = sql.raw(`${table}_fts`)
    const match = combineMatch(FTS_TABLES[table].columns, userExpression, [])
    return sql`(SELECT count(*) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match}${owned[i] ? sql` ${owned[i]}` : sql``} LIMIT ${COUNT_CAP + 1})) AS ${sql.raw(`c${i}`)}`
  })
}
