import { and, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Database } from '~/db/client.server'
import type { PageKind } from '~/db/schema-trust'
import type { RootTable } from './kinds'
import { deindexedIds, notAmong } from './read/across-shards.server'
import { firstOwned, type OwnedShard, ownedShards, owns } from './read/owned-shards.server'
import { type DocumentKey, entriesFor, type ShardEntry, type ShardFilter } from './shard-map'
import type { Corpus } from './shards.server'
import { chunk } from './store/batch.server'
import { copiesOf, onEveryCopy } from './store/copies.server'
import { newId } from './store/shard-ids'
import { databasesOf } from './store/stored.server'
import { groupByShard, type ShardGroup } from './store/target.server'

// The corpus's two primitives (issue 39): how every area outside the corpus and search reads and
// writes documents, whatever the map says. One database is a one-entry map and goes through the
// same code: no caller asks whether the corpus is spread.
//
// - `readCorpus`: each database a read must ask (by filter, key, id or ids), the ids it answers
//   for while a split has its shard in two databases (decisions/0077, 0083), the primary's
//   de-indexed pages of a kind (decisions/0066, 0097) as a list a shard's statement can use, and
//   the merge of the databases' answers. Stored masking is in the rows themselves (0064, 0071,
//   0089): every reader gets it by reading through here.
// - `writeCorpus`: where new documents go and their ids (decisions/0072, 0085), and a write by id
//   on every copy of a document in a split's window, the map's first (decisions/0088).

/**
 * One database a read asks: its ids in a split's window, the primary's de-indexed ids of the kind
 * asked, and how many databases the read asks (one: its page is the page, an offset may be its own).
 */
export type ShardRead = OwnedShard & { hidden: readonly number[]; asked: number }

/** What a read over several databases names: the documents (a filter) and, to leave them out, the kind de-indexed. */
export type ReadOf = { filter?: ShardFilter; unlisted?: PageKind }

/**
 * "listed by this database": not de-indexed on request (the primary's list, none unless the read
 * named a kind) and owned by it during a split. For a Drizzle `and(…)`.
 */
export const listedHere = (shard: ShardRead, column: SQLiteColumn | SQL): SQL | undefined =>
  and(notAmong(column, shard.hidden), owns(shard, column))

/** "and this id is not among them" (a list read from another database, e.g. the primary's). */
export { notAmong } from './read/across-shards.server'
/** The same inside a raw statement (` AND …`), on a database's read or none (no condition). */
export { type OwnedShard, ownedClause, owns } from './read/owned-shards.server'
export type { ShardEntry } from './shard-map'

/** Lists each in `compare`'s order, merged into one and cut to `limit` (one list: as it came). */
export function mergeOrdered<T>(lists: T[][], compare: (a: T, b: T) => number, limit: number): T[] {
  // One database's list is in its statement's order already, which a JS compare of text may not
  // reproduce byte for byte (SQLite's BINARY collation); it is returned as it came.
  if (lists.length === 1) return (lists[0] ?? []).slice(0, limit)
  return lists.flat().sort(compare).slice(0, limit)
}

/** Ids a read by ids binds per statement: D1 binds at most 100 values, a statement may add a few. */
const IDS_PER_READ = 90

/** The primary (the map's `DB` binding): what the primary holds beside the corpus, e.g. `hidden_pages`. */
const primaryOf = (corpus: Corpus): Database => corpus.open('DB')

export const readCorpus = {
  /**
   * Runs `read` on every database `of.filter` can touch, each once and in the map's order, and
   * returns their answers in that order; each gets its owned ranges and, when `of.unlisted`
   * names a kind, the primary's de-indexed ids of it (read once, beside the map).
   */
  async each<T>(corpus: Corpus, of: ReadOf, read: (shard: ShardRead) => Promise<T>): Promise<T[]> {
    const [shards, hidden] = await Promise.all([
      ownedShards(corpus, of.filter),
      of.unlisted ? deindexedIds(primaryOf(corpus), of.unlisted) : [],
    ])
    return Promise.all(shards.map((shard) => read({ ...shard, hidden, asked: shards.length })))
  },

  /** The databases a read of `filter` asks, each once, in the map's order (every corpus database: no filter). */
  databases: (corpus: Corpus, filter: ShardFilter = {}): Promise<Database[]> => corpus.shardsFor(filter),

  /** The primary's pages of a kind out of listings on request (decisions/0066, 0097), by id. */
  unlisted: (corpus: Corpus, kind: PageKind): Promise<number[]> => deindexedIds(primaryOf(corpus), kind),

  /**
   * The databases a read of `filter` asks, each with the ids it answers for: for a caller that
   * runs several statements per database (a sweep, an aggregate), each then `owns(…)` its ids.
   */
  shards: (corpus: Corpus, filter: ShardFilter = {}): Promise<OwnedShard[]> => ownedShards(corpus, filter),

  /**
   * Every database the keys' shards can be in, each with the keys it may hold: a lookup that must
   * see every copy (whether a cited case is stored as secret or sensitive: any copy saying so counts).
   */
  byKeys: <T>(corpus: Corpus, items: readonly T[], keyOf: (item: T) => DocumentKey) =>
    databasesOf(corpus, items, keyOf),

  /** A document read by its natural key in its shard's databases (the map's copy first; decisions/0083). */
  byKey<T extends { id: number }>(
    corpus: Corpus,
    key: DocumentKey,
    read: (db: Database) => Promise<T | undefined>,
  ): Promise<T | null> {
    return corpus.shardsOf(key).then((databases) => firstOwned(corpus, databases, read))
  },

  /** The databases a document with this natural key can be in (a write by key, or a read that wants every copy). */
  databasesOf: (corpus: Corpus, key: DocumentKey): Promise<Database[]> => corpus.shardsOf(key),

  /** A document read by id in the database its id names (null: no shard owns that id). */
  async byId<T>(corpus: Corpus, id: number, read: (db: Database) => Promise<T>): Promise<T | null> {
    const db = await corpus.byId(id)
    return db ? read(db) : null
  },

  /**
   * Documents read by id, in the databases their ids name, at most 90 ids a statement (D1 binds
   * 100 values at most); the answers flattened.
   */
  async byIds<T>(
    corpus: Corpus,
    ids: Iterable<number>,
    read: (db: Database, ids: number[]) => Promise<T[]>,
  ): Promise<T[]> {
    const groups = new Map<Database, number[]>()
    for (const id of new Set(ids)) {
      const db = await corpus.byId(id)
      if (db) groups.set(db, [...(groups.get(db) ?? []), id])
    }
    const parts = [...groups].flatMap(([db, some]) => chunk(some, IDS_PER_READ).map((part) => ({ db, part })))
    return (await Promise.all(parts.map(({ db, part }) => read(db, part)))).flat()
  },

  /**
   * The map's entries a filter touches, in id order, each with its database: a walk whose cursor
   * is an id (the re-mask walk, the sitemaps' files) covers every database in one order.
   */
  async entries(corpus: Corpus, filter: ShardFilter): Promise<{ entry: ShardEntry; db: Database }[]> {
    return entriesFor(await corpus.map(), filter)
      .sort((a, b) => a.idFrom - b.idFrom)
      .map((entry) => ({ entry, db: corpus.open(entry.binding) }))
  },
}

/** A new document's id in the database placed for it: `{}` keeps shard 0's own autoincrement. */
type IdOf = (table: string) => { id?: SQL }

/** One shard's group of new documents, with the id expression of a new row there. */
export type PlacedGroup<T> = ShardGroup<T> & { idOf: IdOf }

export const writeCorpus = {
  /**
   * New documents grouped by the shard their key names, each group with its database and the id
   * expression of a new row of `table` there (`newId`: the shard's range, never an id given
   * before; decisions/0085).
   */
  async place<T>(corpus: Corpus, items: T[], keyOf: (item: T) => DocumentKey): Promise<PlacedGroup<T>[]> {
    return (await groupByShard(corpus, items, keyOf)).map((group) => ({
      ...group,
      idOf: (table: string) => newId(table, group.entry),
    }))
  },

  /** `place` for one new document: the database its key names, its entry and its id expression. */
  async placeOne(corpus: Corpus, key: DocumentKey): Promise<{ db: Database; entry: ShardEntry; idOf: IdOf }> {
    const { db, entry } = await corpus.shardFor(key)
    return { db, entry, idOf: (table: string) => newId(table, entry) }
  },

  /** A write by id made on every copy of one document, the map's first (decisions/0088); what each returned. */
  everyCopy: <T>(corpus: Corpus, table: RootTable, id: number, write: (db: Database) => Promise<T>) =>
    onEveryCopy(corpus, table, id, write),

  /**
   * The databases holding these stored documents, each with its ids (`owner`: the map's), the
   * map's first: a write by ids made on each (a split's source keeps every write until its delete).
   */
  copies: (corpus: Corpus, table: RootTable, ids: Iterable<number>) => copiesOf(corpus, table, ids),
}
