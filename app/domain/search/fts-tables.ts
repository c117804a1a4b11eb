import type { SQL } from 'drizzle-orm'
import { type FtsSpec, type FtsTable, KIND_NAMES, KINDS, kindOfRoot } from '~/domain/corpus/kinds'

// The FTS tables and the shapes of a hit: what both the ranked search (fts.server.ts) and the
// newest-first walk (newest.server.ts) read, kept below both so neither imports the other's types.

export type { DateSpec } from '~/domain/corpus/kinds'
export type { FtsTable }

/**
 * An FTS table's indexed columns and where a row's date comes from, for newest-first sorting:
 * the table itself as `t`, plus an optional join for a date kept elsewhere (a party's lawsuit, a
 * provision's statute). Each kind's tables are in the catalogue (corpus/kinds.ts).
 */
export type TableSpec = Pick<FtsSpec, 'columns' | 'date'>

export const FTS_TABLES = Object.fromEntries(
  KIND_NAMES.flatMap((kind) => Object.entries(KINDS[kind].fts as Readonly<Record<string, FtsSpec>>)),
) as Record<FtsTable, FtsSpec>

/**
 * The id whose range names an FTS row's shard: the document's own, a party's lawsuit, a
 * dispositivo's statute (children keep their tables' own ids, decisions/0072). The FTS table is
 * named, not aliased, so the id is the row's even inside a subquery of another table.
 */
export const ownerOf = (table: FtsTable): string => {
  const owner = FTS_TABLES[table].owner
  return owner
    ? `(SELECT owner.${owner} FROM ${table} owner WHERE owner.id = ${table}_fts.rowid)`
    : `${table}_fts.rowid`
}

/** The column of a root table newest-first sorts and bounds by (its kind's date). */
export const dateColumnOf = (root: string): string | null => {
  const kind = kindOfRoot(root)
  return kind ? KINDS[kind].date : null
}

export type FtsHit = { id: number; snippet: string | null }
/**
 * Columns to read with each hit in the same statement (one D1 round trip instead of two: ADR
 * 0039). `join` joins onto the CTE `hit` by `hit.id` with LEFT JOINs, so a hit whose row is gone
 * comes back with NULLs; `select` starts with a comma.
 */
export type FtsAttach = { select: SQL; join: SQL }
