/**
 * Re-masks everything stored against the sensitive-code list in force (decisions/0064), on the
 * local database `npm start` serves (JURISEDGE_STATE or `.wrangler/state`, decisions/0060):
 *
 *   npm run remask [-- --persist-to DIR]
 *
 * Walks every lawsuit, matéria and decision in slices, in every corpus database the shard map
 * names (decisions/0081), from where the last walk for this list version stopped (the cursor, in
 * the primary's `remask_runs`, is an id, and an id names its database by the map), masks what joined the list, un-masks what left
 * it, and purges the edge-cache scopes of what it touched. In production the cron's `remask`
 * step runs the same slices in the background.
 *
 *   npm run remask -- --persist-to DIR --direct
 *
 * runs the same walk in this process on the SQLite file itself (the bench's D1 shim), for a
 * database no site serves (the seed does the same for its demo corpus: through the local platform's
 * proxy the walk took four minutes of round trips). Never on the folder of a running site.
 */
import { DatabaseSync } from 'node:sqlite'
import { getPlatformProxy } from 'wrangler'
import { createDb, type Database } from '../app/db/client.server'
import { remaskAll } from '../app/domain/corpus/masking/remask.server'
import type { ShardMap } from '../app/domain/corpus/shard-map'
import { createCorpus, loadShardMap } from '../app/domain/corpus/shards.server'
import { memoryKv, nodeD1 } from './bench/node-d1'
import { localD1File } from './lib/d1-file.mjs'
import { stateDir } from './lib/state.mjs'

const args = process.argv.slice(2)
const flag = args.indexOf('--persist-to')
const persistTo = (flag >= 0 ? args.splice(flag, 2)[1] : undefined) ?? stateDir()
const direct = args.includes('--direct')

type Opened = { db: Database; map: () => Promise<ShardMap>; open: (binding: string) => Database }

/**
 * The primary and every corpus database the map names (decisions/0081): the walk reads each
 * shard, the primary keeps the list, the walk's place and what masking derives.
 */
async function open(): Promise<Opened & { pageVersions: KVNamespace; dispose: () => Promise<void> }> {
  const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } })
  if (direct) {
    // The map from the folder's KV, read once; then nothing of the platform stays open.
    const map = await loadShardMap(env.PAGE_VERSIONS)
    await dispose()
    const files: DatabaseSync[] = []
    const fileDb = (binding: string) => {
      const file = new DatabaseSync(localD1File(persistTo, binding))
      files.push(file)
      return createDb(nodeD1(file))
    }
    // Nobody serves this folder yet, so no cache holds its pages: the purges go to a map.
    return {
      db: fileDb('DB'),
      map: async () => map,
      open: fileDb,
      pageVersions: memoryKv(),
      dispose: async () => {
        for (const file of files) file.close()
      },
    }
  }
  const bindings = env as unknown as Record<string, D1Database>
  return {
    db: createDb(env.DB),
    map: () => loadShardMap(env.PAGE_VERSIONS),
    open: (binding) => createDb(bindings[binding] as D1Database),
    pageVersions: env.PAGE_VERSIONS,
    dispose,
  }
}

const { db, map, open: openBinding, pageVersions, dispose } = await open()
try {
  const started = Date.now()
  let version = 0
  const corpus = createCorpus(map, (binding) => (binding === 'DB' ? db : openBinding(binding)))
  const changed = await remaskAll({ db, corpus, pageVersions }, 200, (report) => {
    version = report.version
    if (report.phase !== 'fim')
      console.log(`lista ${report.version}: ${report.phase} a partir do id ${report.cursor}…`)
  })
  console.log(
    `lista ${version}: ${changed} páginas de processos e pessoas alteradas (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  )
} finally {
  await dispose()
}
