import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { IdRange } from '~/domain/corpus/shard-map'
import { combineMatch } from './facets'
import { type FtsOptions, rangeWalk } from './fts.server'
import { FTS_TABLES, type FtsAttach, type FtsHit, type FtsTable } from './fts-tables'
import { MARK_END, MARK_START } from './marks'
import { ownedRows } from './owned.server'

// The page's rows across shards (decisions/0076, 0082): each shard's rows of a ranked page by id,
// of an unranked page by one walk down its index, and each shard's highest ids merged.

/** A hit with what a search across shards reads beside it (shard-search.server's `ACROSS`). */
type Extra = { refId: number | null; sortDate: string | null; shard?: number }
export type Row = FtsHit & Extra & Record<string, unknown>

function snippetOf(table: FtsTable, column: number | null): SQL {
  const fts = sql.raw(`${table}_fts`)
  return column === null ? sql`NULL` : sql`snippet(${fts}, ${column}, ${MARK_START}, ${MARK_END}, '…', 28)`
}

/**
 * Rows of a ranked page's ids (at most COUNT_CAP matches: `rangeWalk`), with their snippets and
 * attached columns, in one statement on one shard.
 */
export function rowsOf(
  db: Database,
  table: FtsTable,
  expression: string,
  options: FtsOptions,
  attach: FtsAttach,
  ids: number[],
) {
  const fts = sql.raw(`${table}_fts`)
  const words = combineMatch(FTS_TABLES[table].columns, expression, [])
  return db.all<Row>(
    sql`WITH hit AS MATERIALIZED (${rangeWalk(fts, words, snippetOf(table, options.snippetColumn), sql`SELECT value AS id FROM json_each(${JSON.stringify(ids)})`)})
      SELECT hit.* ${attach.select} FROM hit ${attach.join}`,
  )
}

/**
 * An unranked page's rows of one shard: its next matches from the page's first id down, by one
 * walk of the index as one database's newest branch reads them (`rankedStatement`). Looking each
 * id up instead (`rowsOf`) re-seeks every phrase's posting list per row, which for a common phrase
 * ("no uso das atribuições") cost 7–13 ms a shard at 1,000,000 documents (decisions/0082).
 */
export function highestRows(
  db: Database,
  table: FtsTable,
  expression: string,
  options: FtsOptions,
  attach: FtsAttach,
  ids: number[],
  owned: readonly IdRange[] | undefined,
) {
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(FTS_TABLES[table].columns, expression, options.clauses ?? [])
  return db.all<Row>(
    sql`WITH hit AS MATERIALIZED (SELECT rowid AS id, ${snippetOf(table, options.snippetColumn)} AS snippet FROM ${fts} WHERE ${fts} MATCH ${match} AND rowid <= ${Math.max(...ids)} ${ownedRows(table, owned)} ORDER BY rowid DESC LIMIT ${ids.length})
      SELECT hit.* ${attach.select} FROM hit ${attach.join}`,
  )
}

/**
 * Each shard's highest matching ids, merged: one database's order past COUNT_CAP
 * (`rankedStatement` lists `rowid DESC` there, for every table).
 */
export async function highestIds(
  shards: readonly Database[],
  table: FtsTable,
  expression: string,
  options: FtsOptions,
  owned: ReadonlyMap<Database, readonly IdRange[]>,
  /** Per shard, the highest ids its ranking round already sent (decisions/0082): not asked again. */
  sent: readonly (readonly number[] | null)[] = [],
) {
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(FTS_TABLES[table].columns, expression, options.clauses ?? [])
  // Only an id-order cursor applies here (another comes from a page the regime has since left).
  const after = options.after && options.after.s === undefined && !options.after.d ? options.after : null
  const offset = after ? 0 : options.offset
  const below = after ? sql`AND rowid < ${after.i}` : sql``
  const lists = await Promise.all(
    shards.map((db, shard) =>
      !after && sent[shard]
        ? (sent[shard] as readonly number[])
        : db
            .all<{ id: number }>(
              sql`SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ${match} ${below} ${ownedRows(table, owned.get(db))} ORDER BY rowid DESC LIMIT ${offset + options.limit}`,
            )
            .then((rows) => rows.map((r) => r.id)),
    ),
  )
  return mergeHighest(lists, offset, options.limit)
}

/** Shards' highest ids (null: a shard not heard from) merged as one database lists them, highest first. */
export function mergeHighest(lists: readonly (readonly number[] | null)[], offset: number, limit: number) {
  return lists
    .flatMap((ids, shard) => (ids ?? []).map((id) => ({ shard, id, score: 0 })))
    .sort((a, b) => b.id - a.id)
    .slice(offset, offset + limit)
}
