import type { Database } from '~/db/client.server'
import type { ShardEntry } from '../shard-map'
import { type Corpus, singleDatabaseCorpus } from '../shards.server'

/**
 * Where an import writes: the primary (registries, the sensitive list), and the corpus by its map;
 * with the suggestions' KV (a request's deps), what its masking hides leaves the suggestion lists
 * at once, else at the cron's next rebuild (decisions/0089).
 */
export type ImportTarget = { db: Database; corpus: Corpus; suggestions?: KVNamespace }

/**
 * What a writer of the corpus takes: the request's deps (or `{ db, corpus }`), or one database
 * that is the whole corpus (the degenerate map on it: tests and scripts that hold one database).
 */
export type Target = Database | ImportTarget

export function importTarget(target: Target): ImportTarget {
  return 'corpus' in target
    ? { db: target.db, corpus: target.corpus, suggestions: target.suggestions }
    : { db: target, corpus: singleDatabaseCorpus(target) }
}

/** One shard's database and entry, with what goes to it: callers group a batch by its shard. */
export type ShardGroup<T> = { db: Database; entry: ShardEntry; items: T[] }

/** Groups items by the shard `keyOf` names, in first-seen order (one group under the degenerate map). */
export async function groupByShard<T>(
  corpus: Corpus,
  items: T[],
  keyOf: (item: T) => Parameters<Corpus['shardFor']>[0],
): Promise<ShardGroup<T>[]> {
  const groups = new Map<string, ShardGroup<T>>()
  for (const item of items) {
    const { db, entry } = await corpus.shardFor(keyOf(item))
    const key = `${entry.binding}|${entry.shard}|${entry.idFrom}`
    const group = groups.get(key) ?? { db, entry, items: [] }
    group.items.push(item)
    groups.set(key, group)
  }
  return [...groups.values()]
}
