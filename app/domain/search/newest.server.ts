import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { facetToken } from './facets'
import type { FtsAttach, FtsHit, FtsTable } from './fts.server'

// "Mais recentes" (newest first) over an FTS table: the count with the date range, then either
// one sorted page or the walk by month and day buckets (ADR 0012; round trips in ADR 0039).

/** Up to this many matches are sorted by date at once; more are walked by month. */
export const EXACT_SORT_CAP = 3000

/** Where a row's date comes from (fts.server.ts, FTS_TABLES). */
export type DateSpec = { table: string; join?: string; column: string; range: string }

const RANGE_COLUMN: Record<string, string> = {
  gazette_articles: 'date',
  decisions: 'published_at',
  statutes: 'date',
  lawsuits: 'filed_at',
}

/**
 * A page of ids (`ids`: a SELECT of `id` and `ord`, its order) read with their snippets and
 * attached columns in the same statement: one round trip per page, not two.
 */
async function pageWithSnippets<Row extends object>(
  db: Database,
  table: FtsTable,
  match: string,
  ids: SQL,
  { snippet, attach }: Pick<NewestPage, 'snippet' | 'attach'>,
): Promise<(FtsHit & Row)[]> {
  const fts = sql.raw(`${table}_fts`)
  const rows = await db.all<FtsHit & Row & { ord: number }>(
    sql`WITH page AS MATERIALIZED (${ids}),
      hit AS MATERIALIZED (SELECT page.id AS id, ${snippet} AS snippet, page.ord AS ord FROM page CROSS JOIN ${fts} ON ${fts}.rowid = page.id WHERE ${fts} MATCH ${match})
      SELECT hit.* ${attach?.select ?? sql``} FROM hit ${attach?.join ?? sql``}`,
  )
  rows.sort((a, b) => a.ord - b.ord)
  return rows.map(({ ord: _ord, ...row }) => row as unknown as FtsHit & Row)
}

export type NewestPage = { limit: number; offset: number; snippet: SQL; attach: FtsAttach | undefined }
export type Found = { total: number; hi: string | null; lo: string | null }

/**
 * Newest first, exactly. Few matches are joined and sorted at once. Many (a common word) would
 * mean sorting hundreds of thousands of rows, so instead months are walked back from the newest
 * date using their facet tokens: counted 12 at a time in one query, each count stopping at what
 * the page still needs; the month the page falls in is then read day by day, in id order,
 * each day's rows read with their snippets (pageWithSnippets). Round trips for the first pages
 * of a common word: count and date range; months with the newest month's days; the page.
 */
export async function newest<Row extends object>(
  db: Database,
  table: FtsTable,
  date: DateSpec,
  match: string,
  inBucket: (token: string) => string,
  { total, hi, lo }: Found,
  page: NewestPage,
): Promise<(FtsHit & Row)[]> {
  const { limit, offset } = page
  const fts = sql.raw(`${table}_fts`)
  // CROSS JOIN fixes SQLite's join order: the FTS matches first, then rows by primary key; the
  // planner could otherwise walk a whole table (or a date index) and test MATCH on every row.
  if (total <= EXACT_SORT_CAP)
    return pageWithSnippets<Row>(
      db,
      table,
      match,
      sql`SELECT t.id AS id, row_number() OVER (ORDER BY ${sql.raw(date.column)} DESC, t.id DESC) AS ord FROM ${fts} CROSS JOIN ${sql.raw(date.table)} ON t.id = ${fts}.rowid ${sql.raw(date.join ?? '')} WHERE ${fts} MATCH ${match} ORDER BY ord LIMIT ${limit} OFFSET ${offset}`,
      page,
    )

  if (!hi || !lo) return []
  const months = monthsBetween(lo, hi).reverse()
  const hits: (FtsHit & Row)[] = []
  let skip = offset
  // Matches per bucket, each count stopping just past what the page still needs.
  const countBuckets = async (tokens: string[]) => {
    const cap = sql.raw(String(skip + limit - hits.length + 1))
    const columns = tokens.map(
      (token, i) =>
        sql`(SELECT count(*) FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${inBucket(token)} LIMIT ${cap})) AS ${sql.raw(`c${i}`)}`,
    )
    const [row] = await db.all<Record<string, number>>(sql`SELECT ${sql.join(columns, sql`, `)}`)
    return tokens.map((_, i) => row?.[`c${i}`] ?? 0)
  }
  const daysOf = ([y, m]: [number, number]) =>
    Array.from({ length: 31 }, (_, k) => facetToken.day(y, m, 31 - k))
  for (let i = 0; i < months.length; i += 12) {
    const batch = months.slice(i, i + 12)
    // The first statement counts the newest month's days too: when the page falls in that month
    // (the first pages of a common word), its days need no round trip of their own.
    const newestDays = i === 0 && batch[0] ? daysOf(batch[0]) : []
    const counts = await countBuckets([...batch.map(([y, m]) => facetToken.month(y, m)), ...newestDays])
    for (const [j, month] of batch.entries()) {
      const n = counts[j] ?? 0
      if (n <= skip) {
        skip -= n
        continue
      }
      const dayTokens = daysOf(month)
      const dayCounts = i === 0 && j === 0 ? counts.slice(batch.length) : await countBuckets(dayTokens)
      for (const [k, token] of dayTokens.entries()) {
        const dn = dayCounts[k] ?? 0
        if (dn <= skip) {
          skip -= dn
          continue
        }
        // Within a day, newest is highest id; the rows come with their snippets.
        const rows = await pageWithSnippets<Row>(
          db,
          table,
          match,
          sql`SELECT rowid AS id, -rowid AS ord FROM ${fts} WHERE ${fts} MATCH ${inBucket(token)} ORDER BY rowid DESC LIMIT ${limit - hits.length} OFFSET ${skip}`,
          page,
        )
        skip = 0
        hits.push(...rows)
        if (hits.length >= limit) return hits
      }
    }
  }
  return hits
}

/** [year, month] pairs from lo's month to hi's month (yyyy-mm-dd strings), oldest first. */
function monthsBetween(lo: string, hi: string): [number, number][] {
  const start = Number(lo.slice(0, 4)) * 12 + Number(lo.slice(5, 7)) - 1
  const end = Number(hi.slice(0, 4)) * 12 + Number(hi.slice(5, 7)) - 1
  const out: [number, number][] = []
  for (let k = Math.max(start, end - 1200); k <= end; k++) out.push([Math.floor(k / 12), (k % 12) + 1])
  return out
}

/**
 * Matches of a MATCH expression, counted up to `countCap` + 1, with the table's date range (both
 * ends on an index) that the month walk starts from: one round trip.
 */
export async function countAndRange(
  db: Database,
  table: FtsTable,
  match: string,
  date: DateSpec,
  countCap: number,
): Promise<Found> {
  const fts = sql.raw(`${table}_fts`)
  const column = sql.raw(RANGE_COLUMN[date.range] ?? 'date')
  const range = sql.raw(date.range)
  const [row] = await db.all<{ n: number; hi: string | null; lo: string | null }>(
    sql`SELECT (SELECT count(*) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} LIMIT ${countCap + 1})) AS n, (SELECT max(${column}) FROM ${range}) AS hi, (SELECT min(${column}) FROM ${range}) AS lo`,
  )
  return { total: row?.n ?? 0, hi: row?.hi ?? null, lo: row?.lo ?? null }
}
