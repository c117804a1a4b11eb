import { asc } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { corpusShards } from '~/db/schema-shards'
import {
  ALL_TIME,
  bindingsOf,
  DEGENERATE_MAP,
  type DocumentKey,
  entriesFor,
  entriesHolding,
  entryById,
  entryFor,
  type IdRange,
  ownedRanges,
  type Period,
  periodOf,
  placementOf,
  SHARD_SPAN,
  type ShardEntry,
  type ShardFilter,
  type ShardMap,
  shardMapSchema,
} from './shard-map'

// The corpus layer (decisions/0072): which database holds a document, and which databases a
// query must ask. Built per request (app/deps.server.ts) from the published map and a way to
// open a binding's database; nothing here outlives the request.

/** The published copy of the map, in KV `PAGE_VERSIONS` (read once per request that needs it). */
export const SHARD_MAP_KEY = 'corpus:mapa'

export type Corpus = {
  /** The map this request routes by (read on first use, then held for the request). */
  map: () => Promise<ShardMap>
  /** Where a document is written (importers, seed): its shard's database and entry. */
  shardFor: (key: DocumentKey) => Promise<{ db: Database; entry: ShardEntry }>
  /** The databases a document with this key can be in (its shard's; more than one after a split; none when no entry holds it). */
  shardsOf: (key: DocumentKey) => Promise<Database[]>
  /** The database holding a stored document's id (null: no shard owns that id). */
  byId: (id: number) => Promise<Database | null>
  /** The databases a query can touch, each once: a family, a court or a period narrows them. */
  shardsFor: (filter?: ShardFilter) => Promise<Database[]>
  /** Every database holding corpus rows, each once. */
  all: () => Promise<Database[]>
  /**
   * The ids one of those databases answers for in the query (null: all it holds). Only while a
   * split has a shard in two databases (decisions/0077) is this a list.
   */
  rangesOf: (db: Database, filter?: ShardFilter) => Promise<IdRange[] | null>
  /** The dates one of those databases' entries span in the query (null: none, or not a mapped database). */
  periodOf: (db: Database, filter?: ShardFilter) => Promise<Period | null>
  /** A binding's database by its name (the split job's source and target, decisions/0077). */
  open: (binding: string) => Database
  /** The corpus bindings this Worker declares, mapped or not (where a split can go). */
  declared: readonly string[]
}

/** Reads the published map; none (or one that does not parse) is the degenerate map. */
export async function loadShardMap(kv: KVNamespace): Promise<ShardMap> {
  const raw = await kv.get(SHARD_MAP_KEY, 'json')
  const parsed = shardMapSchema.safeParse(raw)
  return parsed.success ? parsed.data : DEGENERATE_MAP
}

/**
 * `open(binding)` gives the Drizzle database of a binding (the primary's is the request's own
 * `db`, so the degenerate map is today's product statement for statement).
 */
export function createCorpus(
  load: () => Promise<ShardMap>,
  open: (binding: string) => Database,
  declared: readonly string[] = [],
): Corpus {
  let loaded: Promise<ShardMap> | null = null
  const map = () => {
    loaded ??= load()
    return loaded
  }
  const opened = new Map<string, Database>()
  /** The binding a database was opened from (null: not one this corpus opened). */
  const bindingOf = (db: Database) => [...opened].find(([, one]) => one === db)?.[0] ?? null
  const database = (binding: string) => {
    let db = opened.get(binding)
    if (!db) {
      db = open(binding)
      opened.set(binding, db)
    }
    return db
  }
  return {
    map,
    shardFor: async (key) => {
      const entry = entryFor(await map(), placementOf(key))
      return { db: database(entry.binding), entry }
    },
    shardsOf: async (key) => {
      const current = await map()
      // A read by key that no entry of the map holds: no database can have it, so nothing to
      // ask (a 404 for the page, never an error; decisions/0075). Writers still fail in shardFor.
      try {
        return bindingsOf(entriesHolding(current, placementOf(key))).map(database)
      } catch {
        return []
      }
    },
    byId: async (id) => {
      const entry = entryById(await map(), id)
      return entry ? database(entry.binding) : null
    },
    shardsFor: async (filter) => bindingsOf(entriesFor(await map(), filter)).map(database),
    all: async () => bindingsOf((await map()).entries).map(database),
    rangesOf: async (db, filter) => {
      const binding = bindingOf(db)
      return binding ? ownedRanges(await map(), binding, filter) : null
    },
    periodOf: async (db, filter) => {
      const binding = bindingOf(db)
      return binding ? periodOf(await map(), binding, filter) : null
    },
    open: database,
    declared,
  }
}

/** One database as the whole corpus (the degenerate map on it): scripts and tests that hold one. */
export function singleDatabaseCorpus(db: Database): Corpus {
  return createCorpus(
    async () => DEGENERATE_MAP,
    () => db,
  )
}

/**
 * Publishes the primary's `corpus_shards` rows as the map readers use (KV): after a split
 * switches rows, or when shards are first declared. No rows: the key is removed (degenerate map).
 */
export async function publishShardMap(deps: { db: Database; pageVersions: KVNamespace }): Promise<ShardMap> {
  const rows = await deps.db.select().from(corpusShards).orderBy(asc(corpusShards.idFrom))
  if (!rows.length) {
    await deps.pageVersions.delete(SHARD_MAP_KEY)
    return DEGENERATE_MAP
  }
  const map: ShardMap = shardMapSchema.parse({
    version: Math.max(...rows.map((r) => r.createdAt)),
    entries: rows.map((r) => ({
      shard: r.shard,
      family: r.family,
      from: r.periodFrom,
      to: r.periodTo,
      idFrom: r.idFrom,
      idTo: r.idTo,
      binding: r.binding,
    })),
  })
  await deps.pageVersions.put(SHARD_MAP_KEY, JSON.stringify(map))
  return map
}

/**
 * Declares shards on a state with none (`npm run seed` on an empty corpus, decisions/0084): the
 * rows of `corpus_shards`, each shard over all time and its own id range, then the published
 * map. Refuses (null) when the primary already has a map: a map changes only by a split.
 */
export async function declareShards(
  deps: { db: Database; pageVersions: KVNamespace },
  entries: readonly { shard: number; family: string; binding: string }[],
): Promise<ShardMap | null> {
  const [existing] = await deps.db.select({ id: corpusShards.id }).from(corpusShards).limit(1)
  if (existing) return null
  await deps.db.insert(corpusShards).values(
    entries.map((e) => ({
      ...e,
      periodFrom: ALL_TIME.from,
      periodTo: ALL_TIME.to,
      idFrom: e.shard * SHARD_SPAN,
      idTo: (e.shard + 1) * SHARD_SPAN,
    })),
  )
  return publishShardMap(deps)
}
