import { type SQL, sql } from 'drizzle-orm'
import type { ShardEntry } from '../shard-map'

/**
 * The id of a new row in its shard's range (decisions/0072): one past the highest id the range
 * holds in this database, computed inside the inserting statement (D1 has one writer, so two
 * imports cannot take the same id). Shard 0 is the primary's own ids: the table's autoincrement,
 * exactly as before shards. One row per statement (a multi-row insert would read one max).
 */
export function newId(table: string, entry: ShardEntry): { id?: SQL } {
  if (entry.shard === 0) return {}
  return {
    id: sql`(SELECT coalesce(max(id), ${entry.idFrom - 1}) + 1 FROM ${sql.identifier(table)} WHERE id >= ${entry.idFrom} AND id < ${entry.idTo})`,
  }
}
