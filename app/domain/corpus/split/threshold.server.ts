import { asc, eq, notInArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { corpusShards, corpusSplits } from '~/db/schema-shards'
import type { Corpus } from '../shards.server'
import { runSplit, type Split, type SplitOptions, startSplit } from './split.server'

// The cron's split step (decisions/0077): an open split goes on where it stopped; otherwise a
// corpus database past the threshold has its largest shard split to a declared database that
// holds no shard yet. D1's limit is 10 GB; the default threshold leaves 2 GB of room for the
// weeks a split and the imports meanwhile take.

export const DEFAULT_SPLIT_BYTES = 8_000_000_000

/** A database's size in bytes, as D1 reports it after any statement (`meta.size_after`). */
export async function databaseSize(db: Database): Promise<number> {
  const result = (await db.run(sql`SELECT 1`)) as unknown as { meta?: { size_after?: number } }
  return Number(result.meta?.size_after ?? 0)
}

type Deps = { db: Database; pageVersions: KVNamespace; corpus: Corpus; shardSplitBytes?: number }

export async function splitLargeShards(
  deps: Deps,
  options: SplitOptions = {},
): Promise<{ resumed: Split[]; started: Split | null; sizes: Record<string, number> }> {
  const split = { db: deps.db, pageVersions: deps.pageVersions, open: deps.corpus.open }
  const open = await deps.db
    .select()
    .from(corpusSplits)
    .where(notInArray(corpusSplits.step, ['feito', 'falhou']))
  const resumed: Split[] = []
  for (const row of open) {
    try {
      resumed.push(await runSplit(split, row.id, options))
    } catch (error) {
      // A statement that failed (D1 busy, a row the target refuses): the batch is retried on the
      // next tick, the error is kept on the row for the operator, and the tick reports it.
      await deps.db
        .update(corpusSplits)
        .set({ error: String(error), updatedAt: Date.now() })
        .where(eq(corpusSplits.id, row.id))
      throw error
    }
  }
  const sizes: Record<string, number> = {}
  if (open.length) return { resumed, started: null, sizes }

  const entries = await deps.db.select().from(corpusShards).orderBy(asc(corpusShards.idFrom))
  const bindings = [...new Set(entries.map((e) => e.binding))]
  for (const binding of bindings) sizes[binding] = await databaseSize(deps.corpus.open(binding))
  const threshold = deps.shardSplitBytes ?? DEFAULT_SPLIT_BYTES
  const free = deps.corpus.declared.filter((b) => !bindings.includes(b))
  for (const binding of bindings.filter((b) => (sizes[b] ?? 0) > threshold)) {
    const target = free.shift()
    if (!target) {
      console.error(
        JSON.stringify({ cron: 'corpus-split', error: `${binding} passou do limite; não há banco livre` }),
      )
      break
    }
    // The newest id sub-range of each shard there (the one that grows), in the map's order.
    const newest = entries.filter(
      (e) => e.binding === binding && !entries.some((o) => o.shard === e.shard && o.idFrom > e.idFrom),
    )
    for (const entry of newest) {
      const started = await startSplit(split, { entryId: entry.id, target })
      if (started.ok) return { resumed, started: await runSplit(split, started.split.id, options), sizes }
    }
  }
  return { resumed, started: null, sizes }
}
