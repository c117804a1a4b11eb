import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { combineMatch, facetToken } from './facets'
import { MARK_END, MARK_START } from './marks'

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
/** "Mais recentes": up to this many matches are sorted by date at once; more are walked by month. */
export const EXACT_SORT_CAP = 3000
/** A MATCH no row satisfies: `zv` starts no facet token (facets.ts). */
const NO_MATCH = '{facets} : zvazio'

type TableSpec = {
  columns: readonly string[]
  /**
   * Where a row's date comes from, for newest-first sorting: the table itself as `t`, plus an
   * optional join for a date kept elsewhere (a party's lawsuit, a provision's statute).
   */
  date: { table: string; join?: string; column: string; range: string } | null
}

export const FTS_TABLES = {
  gazette_articles: {
    columns: ['title', 'body'],
    date: { table: 'gazette_articles t', column: 't.date', range: 'gazette_articles' },
  },
  decisions: {
    columns: ['class_name', 'number', 'summary'],
    date: { table: 'decisions t', column: 't.published_at', range: 'decisions' },
  },
  statutes: {
    columns: ['title', 'summary'],
    date: { table: 'statutes t', column: 't.date', range: 'statutes' },
  },
  provisions: {
    columns: ['text'],
    date: {
      table: 'provisions t',
      join: 'CROSS JOIN statutes s ON s.id = t.statute_id',
      column: 's.date',
      range: 'statutes',
    },
  },
  people: { columns: ['name'], date: null },
  companies: { columns: ['legal_name', 'trade_name'], date: null },
  parties: {
    columns: ['name'],
    date: {
      table: 'parties t',
      join: 'CROSS JOIN lawsuits l ON l.id = t.lawsuit_id',
      column: 'l.filed_at',
      range: 'lawsuits',
    },
  },
} as const satisfies Record<string, TableSpec>

export type FtsTable = keyof typeof FTS_TABLES
export type FtsHit = { id: number; snippet: string | null }
/**
 * Columns to read with each hit in the same statement (one D1 round trip instead of two: ADR
 * 0039). `join` joins onto the CTE `hit` by `hit.id` with LEFT JOINs, so a hit whose row is gone
 * comes back with NULLs; `select` starts with a comma.
 */
export type FtsAttach = { select: SQL; join: SQL }
export type FtsOptions = {
  limit: number
  offset: number
  snippetColumn: number | null
  /** Facet clauses from the filters: every clause must match, any token within one. */
  clauses?: string[][]
  order?: 'relevancia' | 'recentes'
}

const RANGE_COLUMN: Record<string, string> = {
  gazette_articles: 'date',
  decisions: 'published_at',
  statutes: 'date',
  lawsuits: 'filed_at',
}

export type FtsFound<Row extends object = object> = { hits: (FtsHit & Row)[]; total: number }
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
    const total = await countMatches(db, table, match)
    const ids = total
      ? await newest(
          db,
          table,
          spec.date,
          match,
          bucketMatch(table, userExpression, clauses),
          total,
          limit,
          offset,
        )
      : []
    const snippet = snippetOf(table, snippetColumn)
    return { hits: await withSnippets<Row>(db, table, match, snippet, ids, attach), total }
  }
  const statement = rankedStatement<Row>(table, userExpression, options, attach)
  return statement.read(await db.all(statement.query))
}

/**
 * The relevance order in one statement, one round trip: the capped count, then either the exact
 * bm25 page (at most COUNT_CAP matches) or the newest page. The branch not taken gets a MATCH
 * that finds nothing (NO_MATCH): a constant WHERE condition would still open FTS5's cursor on the
 * full phrase, which costs ~30 ms for a word in every document.
 */
export function rankedStatement<Row extends object = object>(
  table: FtsTable,
  userExpression: string,
  { limit, offset, snippetColumn, clauses = [] }: FtsOptions,
  attach?: FtsAttach,
): FtsStatement<Row> {
  const spec: TableSpec = FTS_TABLES[table]
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(spec.columns, userExpression, clauses)
  const snippet = snippetOf(table, snippetColumn)
  const weights = sql.raw([...spec.columns.map(() => '1.0'), '0.0'].join(', '))
  // Snippets of the ranked rows come from the user's words alone: the facet tokens are never
  // highlighted, and looking 10 rows up in their long OR lists costs more than the ranking.
  const words = clauses.length ? combineMatch(spec.columns, userExpression, []) : match
  const query = sql`WITH total AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} LIMIT ${COUNT_CAP + 1})),
      ranked AS (SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH (CASE WHEN (SELECT n FROM total) <= ${COUNT_CAP} THEN ${match} ELSE ${NO_MATCH} END) ORDER BY score, id DESC LIMIT ${limit} OFFSET ${offset}),
      hit AS (SELECT NULL AS id, NULL AS score, NULL AS snippet, (SELECT n FROM total) AS total
      UNION ALL
      SELECT ranked.id, ranked.score, ${snippet}, NULL FROM ranked CROSS JOIN ${fts} ON ${fts}.rowid = ranked.id WHERE ${fts} MATCH ${words}
      UNION ALL
      SELECT * FROM (SELECT rowid, NULL, ${snippet}, NULL FROM ${fts} WHERE ${fts} MATCH (CASE WHEN (SELECT n FROM total) > ${COUNT_CAP} THEN ${match} ELSE ${NO_MATCH} END) ORDER BY rowid DESC LIMIT ${limit} OFFSET ${offset}))
      SELECT hit.* ${attach?.select ?? sql``} FROM hit ${attach?.join ?? sql``}`
  const read = (raw: unknown[]): FtsFound<Row> => {
    const rows = raw as (FtsHit & Row & { id: number | null; score: number | null; total: number | null })[]
    // The count is the row without an id (a join may reorder rows; nothing relies on order).
    const total = rows.find((r) => r.id === null)?.total ?? 0
    const hits = rows.filter((r) => r.id !== null)
    // bm25 scores are negative (lower is better); the newest page has no score and keeps id order.
    hits.sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || (b.id ?? 0) - (a.id ?? 0))
    return { hits: hits.map(({ score: _score, total: _total, ...hit }) => hit as FtsHit & Row), total }
  }
  return { query, read }
}

async function withSnippets<Row extends object>(
  db: Database,
  table: FtsTable,
  match: string,
  snippet: SQL,
  ids: number[],
  attach?: FtsAttach,
): Promise<(FtsHit & Row)[]> {
  if (!ids.length) return []
  const fts = sql.raw(`${table}_fts`)
  const rows = await db.all<FtsHit & Row>(
    sql`WITH hit AS MATERIALIZED (SELECT rowid AS id, ${snippet} AS snippet FROM ${fts} WHERE ${fts} MATCH ${match} AND rowid IN ${ids})
      SELECT hit.* ${attach?.select ?? sql``} FROM hit ${attach?.join ?? sql``}`,
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  // A row whose snippet could not be made still has its id (and no attached columns).
  return ids.map((id) => byId.get(id) ?? ({ id, snippet: null } as FtsHit & Row))
}

/**
 * Newest first, exactly. Few matches are joined and sorted at once. Many (a common word) would
 * mean sorting hundreds of thousands of rows, so instead months are walked back from the newest
 * date using their facet tokens: counted 12 at a time in one query, each count stopping at what
 * the page still needs; the month the page falls in is then read day by day, in id order.
 */
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

async function newest(
  db: Database,
  table: FtsTable,
  date: NonNullable<TableSpec['date']>,
  match: string,
  inBucket: (token: string) => string,
  total: number,
  limit: number,
  offset: number,
): Promise<number[]> {
  const fts = sql.raw(`${table}_fts`)
  // CROSS JOIN fixes SQLite's join order: the FTS matches first, then rows by primary key; the
  // planner could otherwise walk a whole table (or a date index) and test MATCH on every row.
  if (total <= EXACT_SORT_CAP)
    return (
      await db.all<{ id: number }>(
        sql`SELECT t.id AS id FROM ${fts} CROSS JOIN ${sql.raw(date.table)} ON t.id = ${fts}.rowid ${sql.raw(date.join ?? '')} WHERE ${fts} MATCH ${match} ORDER BY ${sql.raw(date.column)} DESC, t.id DESC LIMIT ${limit} OFFSET ${offset}`,
      )
    ).map((r) => r.id)

  const column = RANGE_COLUMN[date.range] ?? 'date'
  const [range] = await db.all<{ hi: string | null; lo: string | null }>(
    sql.raw(
      `SELECT (SELECT max(${column}) FROM ${date.range}) AS hi, (SELECT min(${column}) FROM ${date.range}) AS lo`,
    ),
  )
  if (!range?.hi || !range.lo) return []
  const months = monthsBetween(range.lo, range.hi).reverse()
  const ids: number[] = []
  let skip = offset
  // Matches per bucket, each count stopping just past what the page still needs.
  const countBuckets = async (tokens: string[]) => {
    const cap = sql.raw(String(skip + limit - ids.length + 1))
    const columns = tokens.map(
      (token, i) =>
        sql`(SELECT count(*) FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${inBucket(token)} LIMIT ${cap})) AS ${sql.raw(`c${i}`)}`,
    )
    const [row] = await db.all<Record<string, number>>(sql`SELECT ${sql.join(columns, sql`, `)}`)
    return tokens.map((_, i) => row?.[`c${i}`] ?? 0)
  }
  for (let i = 0; i < months.length; i += 12) {
    const batch = months.slice(i, i + 12)
    const counts = await countBuckets(batch.map(([y, m]) => facetToken.month(y, m)))
    for (const [j, [y, m]] of batch.entries()) {
      const n = counts[j] ?? 0
      if (n <= skip) {
        skip -= n
        continue
      }
      const days = Array.from({ length: 31 }, (_, k) => 31 - k)
      const dayTokens = days.map((d) => facetToken.day(y, m, d))
      const dayCounts = await countBuckets(dayTokens)
      for (const [k, token] of dayTokens.entries()) {
        const dn = dayCounts[k] ?? 0
        if (dn <= skip) {
          skip -= dn
          continue
        }
        const page = await db.all<{ id: number }>(
          sql`SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ${inBucket(token)} ORDER BY rowid DESC LIMIT ${limit - ids.length} OFFSET ${skip}`,
        )
        skip = 0
        ids.push(...page.map((r) => r.id))
        if (ids.length >= limit) return ids
      }
    }
  }
  return ids
}

/** [year, month] pairs from lo's month to hi's month (yyyy-mm-dd strings), oldest first. */
function monthsBetween(lo: string, hi: string): [number, number][] {
  const start = Number(lo.slice(0, 4)) * 12 + Number(lo.slice(5, 7)) - 1
  const end = Number(hi.slice(0, 4)) * 12 + Number(hi.slice(5, 7)) - 1
  const out: [number, number][] = []
  for (let k = Math.max(start, end - 1200); k <= end; k++) out.push([Math.floor(k / 12), (k % 12) + 1])
  return out
}

/** Matches of a MATCH expression, counted up to COUNT_CAP + 1. */
async function countMatches(db: Database, table: FtsTable, match: string): Promise<number> {
  const fts = sql.raw(`${table}_fts`)
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} LIMIT ${COUNT_CAP + 1})`,
  )
  return row?.n ?? 0
}

/**
 * Matches of the user's words alone (capped) in each table, for "found elsewhere" on a
 * zero-result page: one statement, so one round trip for all of them.
 */
export async function ftsCounts(
  db: Database,
  tables: readonly FtsTable[],
  userExpression: string,
): Promise<number[]> {
  if (!tables.length) return []
  const columns = tables.map((table, i) => {
    const fts = sql.raw(`${table}_fts`)
    const match = combineMatch(FTS_TABLES[table].columns, userExpression, [])
    return sql`(SELECT count(*) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} LIMIT ${COUNT_CAP + 1})) AS ${sql.raw(`c${i}`)}`
  })
  const [row] = await db.all<Record<string, number>>(sql`SELECT ${sql.join(columns, sql`, `)}`)
  return tables.map((_, i) => row?.[`c${i}`] ?? 0)
}
