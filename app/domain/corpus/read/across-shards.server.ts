import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Database } from '~/db/client.server'
import { hiddenPages, type PageKind } from '~/db/schema-trust'
import type { IdRange } from '../shard-map'
import { unlistingEffects } from './restrictions.server'

// Reads over several shard databases (decisions/0072). A shard's statement cannot join the
// primary's `hidden_pages`: the primary's de-indexed ids of a kind (few: one per granted removal)
// are read first, or beside the shards' first round, and passed into the shards' statements.

/** Every page of a kind out of listings on request (decisions/0066, 0097), from the primary. */
export async function deindexedIds(db: Database, kind: PageKind): Promise<number[]> {
  const rows = await db
    .select({ id: hiddenPages.refId })
    .from(hiddenPages)
    .where(and(eq(hiddenPages.kind, kind), inArray(hiddenPages.effect, [...unlistingEffects(kind)])))
  return rows.map((r) => r.id)
}

/** "and this id is not among them", as one bound JSON value (any number of ids, one parameter). */
export function notAmong(column: SQLiteColumn | SQL, ids: readonly number[]): SQL {
  return ids.length ? sql`${column} NOT IN (SELECT value FROM json_each(${JSON.stringify(ids)}))` : sql`1`
}

/**
 * "and this id is one the database answers for" (decisions/0077): a split's rows are in two
 * databases between the copy and the delete; none (null) is no condition at all.
 */
export function ownedBy(column: SQLiteColumn | SQL, ranges: readonly IdRange[] | null | undefined): SQL {
  if (!ranges) return sql`1`
  if (!ranges.length) return sql`0`
  return sql`(${sql.join(
    ranges.map((r) => sql`(${column} >= ${r.from} AND ${column} < ${r.to})`),
    sql` OR `,
  )})`
}
