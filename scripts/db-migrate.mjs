// `npm run db:migrate`: the D1 migrations applied to the local state folder (JURISEDGE_STATE or
// `.wrangler/state`, scripts/lib/state.mjs, or `--persist-to DIR`), to the primary and every
// corpus shard (scripts/lib/databases.mjs, decisions/0072), in one process (decisions/0079).
// `--remote` (npm run deploy): the deployed databases, through wrangler, one by one.
import { spawnSync } from 'node:child_process'
import { DATABASES } from './lib/databases.mjs'
import { migrateLocal } from './lib/migrate-local.mjs'
import { stateDir } from './lib/state.mjs'

const args = process.argv.slice(2)
if (args.includes('--remote')) {
  for (const binding of DATABASES) {
    const result = spawnSync('node_modules/.bin/wrangler', ['d1', 'migrations', 'apply', binding, ...args], {
      stdio: 'inherit',
    })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
} else {
  const flag = args.indexOf('--persist-to')
  const persistTo = flag >= 0 ? args[flag + 1] : stateDir()
  try {
    await migrateLocal(persistTo)
  } catch (error) {
    console.error(`As migrações falharam: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
