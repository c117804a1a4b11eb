import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { MARK_END, MARK_START } from './marks'

/**
 * bm25 ranking costs grow with the number of matches, and FTS5's `ORDER BY rank` path ignores a
 * rowid range (measured on 1M documents: 367 ms for a word in every matéria). So matches are cut
 * to the newest CANDIDATE_CAP rowids (a backwards scan of the index, ~2 ms), bm25 is computed in a
 * subquery restricted to that rowid range and ordered outside it (~31 ms for that worst word, under
 * 1 ms for rare ones), and snippets are made only for the rows shown. Rare words are ranked
 * exactly; very common ones among their most recent matches. Counts stop at COUNT_CAP.
 */
export const CANDIDATE_CAP = 2000
export const COUNT_CAP = 10_000

export type FtsTable =
  | 'gazette_articles'
  | 'decisions'
  | 'statutes'
  | 'provisions'
  | 'people'
  | 'companies'
  | 'parties'

export type FtsHit = { id: number; snippet: string | null }

export async function ftsSearch(
  db: Database,
  table: FtsTable,
  expression: string,
  { limit, offset, snippetColumn }: { limit: number; offset: number; snippetColumn: number | null },
): Promise<{ hits: FtsHit[]; total: number }> {
  const fts = sql.raw(`${table}_fts`)
  const [[cut], [count]] = await Promise.all([
    db.all<{ cutoff: number | null }>(
      sql`SELECT min(rowid) AS cutoff FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${expression} ORDER BY rowid DESC LIMIT ${CANDIDATE_CAP})`,
    ),
    db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${expression} LIMIT ${COUNT_CAP + 1})`,
    ),
  ])
  if (cut?.cutoff === null || cut?.cutoff === undefined) return { hits: [], total: 0 }
  const ranked = await db.all<{ id: number }>(
    sql`SELECT id FROM (SELECT rowid AS id, bm25(${fts}) AS score FROM ${fts} WHERE ${fts} MATCH ${expression} AND rowid >= ${cut.cutoff}) ORDER BY score, id DESC LIMIT ${limit} OFFSET ${offset}`,
  )
  const ids = ranked.map((r) => r.id)
  if (!ids.length || snippetColumn === null)
    return { hits: ids.map((id) => ({ id, snippet: null })), total: count?.n ?? 0 }
  const snippets = await db.all<{ id: number; snippet: string }>(
    sql`SELECT rowid AS id, snippet(${fts}, ${snippetColumn}, ${MARK_START}, ${MARK_END}, '…', 28) AS snippet FROM ${fts} WHERE ${fts} MATCH ${expression} AND rowid IN ${ids}`,
  )
  const byId = new Map(snippets.map((s) => [s.id, s.snippet]))
  return { hits: ids.map((id) => ({ id, snippet: byId.get(id) ?? null })), total: count?.n ?? 0 }
}
