import { type SQL, sql } from 'drizzle-orm'
import type { ShardEntry } from '../shard-map'

/**
 * The id of a new row in its shard's range (decisions/0072): one past the highest id the range
 * has ever had in this database, computed inside the inserting statement (D1 has one writer, so
 * two imports cannot take the same id). "Ever had", not "holds": `shard_id_marks` keeps each
 * shard's highest id per table (triggers, migration 0035), so an id freed by a deletion is never
 * given again to another document (decisions/0085). Shard 0 is the primary's own ids: the
 * table's autoincrement, exactly as before shards. One row per statement (a multi-row insert
 * would read one max).
 */
export function newId(table: string, entry: ShardEntry): { id?: SQL } {
  if (entry.shard === 0) return {}
  const before = entry.idFrom - 1
  return {
    id: sql`(SELECT max(
      coalesce((SELECT max(id) FROM ${sql.identifier(table)} WHERE id >= ${entry.idFrom} AND id < ${entry.idTo}), ${before}),
      coalesce((SELECT max(last) FROM shard_id_marks WHERE tbl = ${table} AND last >= ${entry.idFrom} AND last < ${entry.idTo}), ${before})
    ) + 1)`,
  }
}
