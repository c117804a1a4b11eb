import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { ownedBy } from '~/domain/corpus/read/across-shards.server'
import type { IdRange } from '~/domain/corpus/shard-map'
import type { Corpus } from '~/domain/corpus/shards.server'
import { type FtsTable, ownerOf } from './fts-tables'
import { TABLE_FAMILIES } from './shard-filter'

// While a split has a shard in two databases (decisions/0077), each database answers only for
// the ids the map gives it there: a search statement of such a database carries the condition,
// and with no split shard in the map it carries nothing (the statements stay 0072/0076's).

/** `AND <the row is this database's>` in a statement on `<table>_fts`; empty without ranges. */
export function ownedRows(table: FtsTable, ranges: readonly IdRange[] | null | undefined): SQL {
  return ranges ? sql`AND ${ownedBy(sql.raw(ownerOf(table)), ranges)}` : sql``
}

/** Whether an owner id (a row's id, or its lawsuit's or statute's) is in the ranges (none: yes). */
export const owns = (ranges: readonly IdRange[] | null | undefined, id: number) =>
  !ranges || ranges.some((r) => r.from <= id && id < r.to)

/**
 * The ranges of each database that must answer only for its own ids in a search of `table`
 * (the table's families, whatever the filters: a narrower filter touches a subset of them).
 * Databases absent from the map answer for everything they hold.
 */
export async function ownedRangesOf(
  corpus: Corpus,
  table: FtsTable,
  databases: readonly Database[],
): Promise<Map<Database, IdRange[]>> {
  const owned = new Map<Database, IdRange[]>()
  await Promise.all(
    [...new Set(databases)].map(async (db) => {
      const ranges = await corpus.rangesOf(db, { families: TABLE_FAMILIES[table] })
      if (ranges) owned.set(db, ranges)
    }),
  )
  return owned
}
