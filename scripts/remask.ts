/**
 * Re-masks everything stored against the sensitive-code list in force (decisions/0064), on the
 * local database `npm start` serves (JURISEDGE_STATE or `.wrangler/state`, decisions/0060):
 *
 *   npm run remask [-- --persist-to DIR]
 *
 * Walks every lawsuit and matéria in slices, from where the last walk for this list version
 * stopped (the cursor is in D1, `remask_runs`), masks what joined the list, un-masks what left
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
import { createDb } from '../app/db/client.server'
import { remaskAll } from '../app/domain/privacy/remask.server'
import { memoryKv, nodeD1 } from './bench/node-d1'
import { localD1File } from './lib/d1-file.mjs'
import { stateDir } from './lib/state.mjs'

const args = process.argv.slice(2)
const flag = args.indexOf('--persist-to')
const persistTo = (flag >= 0 ? args.splice(flag, 2)[1] : undefined) ?? stateDir()
const direct = args.includes('--direct')

async function open(): Promise<{ db: D1Database; pageVersions: KVNamespace; dispose: () => Promise<void> }> {
  if (direct) {
    const sqlite = new DatabaseSync(localD1File(persistTo))
    // Nobody serves this file yet, so no cache holds its pages: the purges go to a map.
    return { db: nodeD1(sqlite), pageVersions: memoryKv(), dispose: async () => sqlite.close() }
  }
  const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } })
  return { db: env.DB, pageVersions: env.PAGE_VERSIONS, dispose }
}

const { db, pageVersions, dispose } = await open()
try {
  const started = Date.now()
  let version = 0
  const changed = await remaskAll({ db: createDb(db), pageVersions }, 200, (report) => {
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
