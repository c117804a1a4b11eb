import { type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Database } from '~/db/client.server'
import { entryById, type IdRange, type ShardFilter } from '../shard-map'
import type { Corpus } from '../shards.server'
import { ownedBy } from './across-shards.server'

// The split window (decisions/0077, 0083): between a split's switch and its delete the moved
// documents are in two databases, and a reader that counts or lists what each database holds
// would see them twice. Every corpus read that is not a search asks its databases through this
// helper, so each answers only for the ids the map gives it there. With no shard in two
// databases (the degenerate map, any map between splits) the ranges are null and the statements
// are exactly those of before: no condition is added.

/** One database a read asks, and the ids it answers for there (null: everything it holds). */
export type OwnedShard = { db: Database; ranges: IdRange[] | null }

/** The databases a read of `filter` asks, each once and in the map's order, with their ranges. */
export async function ownedShards(corpus: Corpus, filter: ShardFilter = {}): Promise<OwnedShard[]> {
  return Promise.all(
    (await corpus.shardsFor(filter)).map(async (db) => ({ db, ranges: await corpus.rangesOf(db, filter) })),
  )
}

/** "this id is one the database answers for", for a Drizzle `and(…)` (undefined: no condition). */
export const owns = (shard: OwnedShard, column: SQLiteColumn | SQL): SQL | undefined =>
  shard.ranges ? ownedBy(column, shard.ranges) : undefined

/**
 * The same as ` AND …` (or ` WHERE …`) inside a raw statement; empty without ranges (or without
 * a shard), so the statement is today's.
 */
export const ownedClause = (
  shard: OwnedShard | undefined,
  column: SQLiteColumn | SQL,
  word: 'AND' | 'WHERE' = 'AND',
): SQL => (shard?.ranges ? sql` ${sql.raw(word)} ${ownedBy(column, shard.ranges)}` : sql``)

/**
 * A document read by key (a slug, a CNJ number) in its shard's databases, in order: the first
 * row found in the database the map gives its id, else the first row found at all (a copy the
 * map does not place). While a split has it in two databases, the target's copy is the one
 * re-imports keep current (decisions/0083); before the switch only the source is asked.
 */
export async function firstOwned<T extends { id: number }>(
  corpus: Corpus,
  databases: readonly Database[],
  read: (db: Database) => Promise<T | undefined>,
): Promise<T | null> {
  const map = await corpus.map()
  let fallback: T | null = null
  for (const db of databases) {
    const row = await read(db)
    if (!row) continue
    const entry = entryById(map, row.id)
    if (entry && corpus.open(entry.binding) === db) return row
    fallback ??= row
  }
  return fallback
}
