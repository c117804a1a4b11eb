import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { combineMatch, facetToken } from './facets'
import { MARK_END, MARK_START } from './marks'

/**
 * bm25 ranking costs grow with the number of matches, and FTS5's `ORDER BY rank` path ignores a
 * rowid range (measured on 1M documents: 367 ms for a word in every matéria). So matches are cut
 * to the newest CANDIDATE_CAP rowids (a backwards scan of the index, ~2 ms), bm25 is computed in a
 * subquery restricted to that rowid range and ordered outside it (~31 ms for that worst word, under
 * 1 ms for rare ones), and snippets are made only for the rows shown. Rare words are ranked
 * exactly; very common ones among their most recent matches. Counts stop at COUNT_CAP.
 * Filters are facet tokens inside the MATCH (ADR 0012), so they cost no row scans.
 */
export const CANDIDATE_CAP = 2000
export const COUNT_CAP = 10_000
/** "Mais recentes": up to this many matches are sorted by date at once; more are walked by month. */
export const EXACT_SORT_CAP = 3000

type TableSpec = {
  columns: readonly string[]
  /** Where a row's date comes from (alias `t` is the table itself), for newest-first sorting. */
  date: { from: string; column: string; range: string } | null
}

export const FTS_TABLES = {
  gazette_articles: {
    columns: ['title', 'body'],
    date: { from: 'gazette_articles t', column: 't.date', range: 'gazette_articles' },
  },
  decisions: {
    columns: ['class_name', 'number', 'summary'],
    date: { from: 'decisions t', column: 't.published_at', range: 'decisions' },
  },
  statutes: {
    columns: ['title', 'summary'],
    date: { from: 'statutes t', column: 't.date', range: 'statutes' },
  },
  provisions: {
    columns: ['text'],
    date: {
      from: 'provisions t JOIN statutes s ON s.id = t.statute_id',
      column: 's.date',
      range: 'statutes',
    },
  },
  people: { columns: ['name'], date: null },
  companies: { columns: ['legal_name', 'trade_name'], date: null },
  parties: {
    columns: ['name'],
    date: {
      from: 'parties t JOIN lawsuits l ON l.id = t.lawsuit_id',
      column: 'l.filed_at',
      range: 'lawsuits',
    },
  },
} as const satisfies Record<string, TableSpec>

export type FtsTable = keyof typeof FTS_TABLES
export type FtsHit = { id: number; snippet: string | null }
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

export async function ftsSearch(
  db: Database,
  table: FtsTable,
  userExpression: string,
  { limit, offset, snippetColumn, clauses = [], order = 'relevancia' }: FtsOptions,
): Promise<{ hits: FtsHit[]; total: number }> {
  const spec: TableSpec = FTS_TABLES[table]
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(spec.columns, userExpression, clauses)
  const countTotal = async () => {
    const [row] = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} LIMIT ${COUNT_CAP + 1})`,
    )
    return row?.n ?? 0
  }
  let total: number
  let ids: number[]
  if (order === 'recentes' && spec.date) {
    total = await countTotal()
    ids = total ? await newest(db, table, spec.date, match, total, limit, offset) : []
  } else {
    // Independent queries: run together, one round trip of latency instead of two.
    ;[total, ids] = await Promise.all([countTotal(), byRelevance(db, table, spec, match, limit, offset)])
  }
  if (!ids.length || snippetColumn === null) return { hits: ids.map((id) => ({ id, snippet: null })), total }
  const snippets = await db.all<{ id: number; snippet: string }>(
    sql`SELECT rowid AS id, snippet(${fts}, ${snippetColumn}, ${MARK_START}, ${MARK_END}, '…', 28) AS snippet FROM ${fts} WHERE ${fts} MATCH ${match} AND rowid IN ${ids}`,
  )
  const byId = new Map(snippets.map((s) => [s.id, s.snippet]))
  return { hits: ids.map((id) => ({ id, snippet: byId.get(id) ?? null })), total }
}

async function byRelevance(
  db: Database,
  table: FtsTable,
  spec: TableSpec,
  match: string,
  limit: number,
  offset: number,
): Promise<number[]> {
  const fts = sql.raw(`${table}_fts`)
  // Facet tokens weigh nothing in the score: one weight per text column, then 0 for `facets`.
  const weights = sql.raw([...spec.columns.map(() => '1.0'), '0.0'].join(', '))
  const [cut] = await db.all<{ cutoff: number | null }>(
    sql`SELECT min(rowid) AS cutoff FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} ORDER BY rowid DESC LIMIT ${CANDIDATE_CAP})`,
  )
  if (cut?.cutoff === null || cut?.cutoff === undefined) return []
  const ranked = await db.all<{ id: number }>(
    sql`SELECT id FROM (SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH ${match} AND rowid >= ${cut.cutoff}) ORDER BY score, id DESC LIMIT ${limit} OFFSET ${offset}`,
  )
  return ranked.map((r) => r.id)
}

/**
 * Newest first, exactly. Few matches are joined and sorted at once. Many (a common word) would
 * mean sorting hundreds of thousands of rows, so instead months are walked back from the newest
 * date, each month's matches counted with its facet token (24 months per query) and only the
 * months the page falls in are read; a month too full to sort is read day by day, in id order.
 */
async function newest(
  db: Database,
  table: FtsTable,
  date: NonNullable<TableSpec['date']>,
  match: string,
  total: number,
  limit: number,
  offset: number,
): Promise<number[]> {
  const fts = sql.raw(`${table}_fts`)
  const sortedBucket = async (bucketMatch: string, skip: number, take: number) =>
    (
      await db.all<{ id: number }>(
        sql`SELECT t.id AS id FROM ${fts} JOIN ${sql.raw(date.from)} ON t.id = ${fts}.rowid WHERE ${fts} MATCH ${bucketMatch} ORDER BY ${sql.raw(date.column)} DESC, t.id DESC LIMIT ${take} OFFSET ${skip}`,
      )
    ).map((r) => r.id)
  if (total <= EXACT_SORT_CAP) return sortedBucket(match, offset, limit)

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
  const countBuckets = async (tokens: string[], cap: number) => {
    const columns = tokens.map(
      (token, i) =>
        sql`(SELECT count(*) FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${`${match} AND {facets} : ${token}`} LIMIT ${sql.raw(String(cap + 1))})) AS ${sql.raw(`c${i}`)}`,
    )
    const [row] = await db.all<Record<string, number>>(sql`SELECT ${sql.join(columns, sql`, `)}`)
    return tokens.map((_, i) => row?.[`c${i}`] ?? 0)
  }
  // Reads a bucket's share of the page; false once the page is full.
  const take = async (bucketMatch: string, n: number, sorted: boolean) => {
    if (skip >= n) {
      skip -= n
      return true
    }
    const want = limit - ids.length
    const page = sorted
      ? await sortedBucket(bucketMatch, skip, want)
      : (
          await db.all<{ id: number }>(
            sql`SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ${bucketMatch} ORDER BY rowid DESC LIMIT ${want} OFFSET ${skip}`,
          )
        ).map((r) => r.id)
    skip = 0
    ids.push(...page)
    return ids.length < limit
  }
  for (let i = 0; i < months.length; i += 24) {
    const batch = months.slice(i, i + 24)
    const counts = await countBuckets(
      batch.map(([y, m]) => facetToken.month(y, m)),
      EXACT_SORT_CAP,
    )
    for (const [j, [y, m]] of batch.entries()) {
      const n = counts[j] ?? 0
      if (!n) continue
      const monthMatch = `${match} AND {facets} : ${facetToken.month(y, m)}`
      if (n <= EXACT_SORT_CAP) {
        if (!(await take(monthMatch, n, true))) return ids
        continue
      }
      const days = Array.from({ length: 31 }, (_, k) => 31 - k)
      const dayCounts = await countBuckets(
        days.map((d) => facetToken.day(y, m, d)),
        COUNT_CAP,
      )
      for (const [k, d] of days.entries()) {
        const dn = dayCounts[k] ?? 0
        if (dn && !(await take(`${match} AND {facets} : ${facetToken.day(y, m, d)}`, dn, false))) return ids
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

/** Matches of the user's words alone (capped), for "found elsewhere" on a zero-result page. */
export async function ftsCount(db: Database, table: FtsTable, userExpression: string): Promise<number> {
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(FTS_TABLES[table].columns, userExpression, [])
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} LIMIT ${COUNT_CAP + 1})`,
  )
  return row?.n ?? 0
}
