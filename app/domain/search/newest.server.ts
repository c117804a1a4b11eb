import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { facetToken, NO_MATCH } from './facets'
import { type DateSpec, dateColumnOf, type FtsAttach, type FtsHit, type FtsTable } from './fts-tables'

// "Mais recentes" (newest first) over an FTS table: one statement with the count, the date range
// and, when it can, the page (sorted at once, or walked back day by day); else the walk by month
// and day buckets (ADR 0012; round trips in ADR 0039 and 0043).

/** Up to this many matches are sorted by date at once; more are walked by month. */
export const EXACT_SORT_CAP = 3000

/**
 * A page's rows (`hits`: a SELECT of `id`, `snippet` and `ord`, its order) with their attached
 * columns in the same statement: one round trip per page, not two.
 */
async function pageWithColumns<Row extends object>(
  db: Database,
  hits: SQL,
  attach: FtsAttach | undefined,
): Promise<(FtsHit & Row)[]> {
  const rows = await db.all<FtsHit & Row & { ord: number }>(
    sql`WITH hit AS MATERIALIZED (${hits}) SELECT hit.* ${attach?.select ?? sql``} FROM hit ${attach?.join ?? sql``}`,
  )
  rows.sort((a, b) => a.ord - b.ord)
  return rows.map(({ ord: _ord, ...row }) => row as unknown as FtsHit & Row)
}

export type NewestPage = {
  limit: number
  offset: number
  snippet: SQL
  attach: FtsAttach | undefined
}
export type Found = { total: number; hi: string | null; lo: string | null }

/**
 * Newest first, exactly, for a page newestFirst could not reach. Sorting hundreds of thousands of
 * matches is out of the question, so months are walked back from the newest date using their
 * facet tokens: counted 12 at a time in one query, each count stopping at what the page still
 * needs; the month the page falls in is then read day by day, in id order, each day's rows read
 * with their snippets (pageWithSnippets). Round trips: months with the newest month's days; the
 * page (after newestFirst's one).
 */
export async function newest<Row extends object>(
  db: Database,
  table: FtsTable,
  inBucket: (token: string) => string,
  { hi, lo }: Found,
  page: NewestPage,
): Promise<(FtsHit & Row)[]> {
  const { limit, offset } = page
  const fts = sql.raw(`${table}_fts`)
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
        // Within a day, newest is highest id; the rows come with their snippets, from this walk
        // (the rows skipped by OFFSET get none).
        const rows = await pageWithColumns<Row>(
          db,
          sql`SELECT rowid AS id, ${page.snippet} AS snippet, -rowid AS ord FROM ${fts} WHERE ${fts} MATCH ${inBucket(token)} ORDER BY rowid DESC LIMIT ${limit - hits.length} OFFSET ${skip}`,
          page.attach,
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

/** The day in a bucket MATCH template (`zd@`, `zcsp@`), replaced by yyyymmdd in SQL. */
export const DAY = '@'
/** Pages ending within this many rows are looked for day by day in the first statement. */
const DAY_WALK_NEED = 200
/** Days walked back from the newest date in the first statement; past them, the month walk. */
const DAY_WALK_DAYS = 31

/**
 * "Mais recentes" in one round trip when it can be: the capped count and the table's date range,
 * and in the same statement the page, either sorted at once (up to EXACT_SORT_CAP matches, with
 * the match and its date joined) or, for more matches and a page among the first DAY_WALK_NEED
 * rows, walked back day by day from the newest date by a recursive CTE that stops as soon as the
 * page is covered (one FTS lookup of a day's bucket token per day; a common word's first page
 * takes one or two days). `hits` is null when the walk did not cover the page: `newest` follows.
 */
export async function newestFirst<Row extends object>(
  db: Database,
  table: FtsTable,
  date: DateSpec,
  match: string,
  dayMatch: string,
  countCap: number,
  { limit, offset, snippet, attach }: NewestPage,
): Promise<{ found: Found; hits: (FtsHit & Row)[] | null }> {
  const fts = sql.raw(`${table}_fts`)
  const column = sql.raw(dateColumnOf(date.range) ?? 'date')
  const range = sql.raw(date.range)
  const exact = sql.raw(String(EXACT_SORT_CAP))
  const need = offset + limit
  const walk = need <= DAY_WALK_NEED ? sql`n > ${exact} AND hi IS NOT NULL` : sql`0`
  const onDay = (k: SQL) =>
    sql`replace(${dayMatch}, ${DAY}, strftime('%Y%m%d', (SELECT hi FROM found), '-' || ${k} || ' days'))`
  // CROSS JOIN fixes SQLite's join order: the FTS matches first, then rows by primary key; the
  // planner could otherwise walk a whole table (or a date index) and test MATCH on every row.
  const sortedMatch = sql`(CASE WHEN (SELECT n FROM found) <= ${exact} THEN ${match} ELSE ${NO_MATCH} END)`
  // A day's newest rows come with their snippets from the day's own walk; the sorted page's are
  // read back by walking the sorted match again, kept by id: a seek per row in the words' list
  // costs 0.2–0.4 ms a row (decisions/0109).
  const inPage = sql`+${fts}.rowid IN (SELECT id FROM page)`
  const inRange = sql`${fts}.rowid >= (SELECT min(id) FROM page) AND ${fts}.rowid <= (SELECT max(id) FROM page)`
  const ordOf = sql`(SELECT ord FROM page WHERE page.id = ${fts}.rowid)`
  const rows = await db.all<FtsHit & Row & Partial<Found> & { ord: number | null; reached: number | null }>(
    sql`WITH RECURSIVE
      found AS MATERIALIZED (SELECT (SELECT count(*) FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} LIMIT ${countCap + 1})) AS n, (SELECT max(${column}) FROM ${range}) AS hi, (SELECT min(${column}) FROM ${range}) AS lo),
      walk(k, n, before) AS (SELECT -1, 0, 0 FROM found WHERE ${walk}
        UNION ALL
        SELECT k + 1, (SELECT count(*) FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${onDay(sql`(k + 1)`)} LIMIT ${need})), before + n
        FROM walk WHERE before + n < ${need} AND k + 1 < ${DAY_WALK_DAYS}),
      days AS MATERIALIZED (SELECT k, before FROM walk WHERE k >= 0 AND n > 0 AND before + n > ${offset}),
      walked AS MATERIALIZED (SELECT id, ord, snippet FROM (SELECT json_extract(day.value, '$[0]') AS id, json_extract(day.value, '$[1]') AS snippet, days.before + row_number() OVER (PARTITION BY days.k ORDER BY json_extract(day.value, '$[0]') DESC) - 1 AS ord FROM days, json_each((SELECT json_group_array(json_array(id, snippet)) FROM (SELECT rowid AS id, ${snippet} AS snippet FROM ${fts} WHERE ${fts} MATCH ${onDay(sql`days.k`)} ORDER BY rowid DESC LIMIT ${need}))) AS day) WHERE ord >= ${offset} AND ord < ${need}),
      sorted AS (SELECT t.id AS id, row_number() OVER (ORDER BY ${sql.raw(date.column)} DESC, t.id DESC) - 1 AS ord FROM ${fts} CROSS JOIN ${sql.raw(date.table)} ON t.id = ${fts}.rowid ${sql.raw(date.join ?? '')} WHERE ${fts} MATCH ${sortedMatch} ORDER BY ord LIMIT ${limit} OFFSET ${offset}),
      page AS MATERIALIZED (SELECT id, ord FROM walked UNION ALL SELECT id, ord FROM sorted),
      hit AS MATERIALIZED (SELECT id, snippet, ord, NULL AS total, NULL AS reached, NULL AS hi, NULL AS lo FROM walked
        UNION ALL
        SELECT ${fts}.rowid, ${snippet}, ${ordOf}, NULL, NULL, NULL, NULL FROM ${fts} WHERE ${fts} MATCH ${sortedMatch} AND ${inRange} AND ${inPage}
        UNION ALL
        SELECT NULL, NULL, NULL, n, (SELECT max(before + n) FROM walk), hi, lo FROM found)
      SELECT hit.* ${attach?.select ?? sql``} FROM hit ${attach?.join ?? sql``}`,
  )
  const meta = rows.find((r) => r.id === null)
  const found = { total: meta?.total ?? 0, hi: meta?.hi ?? null, lo: meta?.lo ?? null }
  const covered = found.total <= EXACT_SORT_CAP || (meta?.reached ?? 0) >= need
  if (!covered) return { found, hits: null }
  const hits = rows.filter((r) => r.id !== null).sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0))
  return {
    found,
    hits: hits.map(
      ({ ord: _o, reached: _r, total: _t, hi: _h, lo: _l, ...row }) => row as unknown as FtsHit & Row,
    ),
  }
}
