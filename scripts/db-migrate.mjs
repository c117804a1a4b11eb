// `npm run db:migrate`: the D1 migrations applied to the local state folder (JURISEDGE_STATE or
// `.wrangler/state`, scripts/lib/state.mjs), to the primary and every corpus shard
// (scripts/lib/databases.mjs, decisions/0072). Extra arguments go to wrangler.
import { spawnSync } from 'node:child_process'
import { DATABASES } from './lib/databases.mjs'
import { persistArgs } from './lib/state.mjs'

const args = process.argv.slice(2)
// `--remote` (npm run deploy): the deployed databases, no local state folder.
const where = args.includes('--remote') ? [] : ['--local', ...persistArgs(args)]
for (const binding of DATABASES) {
  const result = spawnSync(
    'node_modules/.bin/wrangler',
    ['d1', 'migrations', 'apply', binding, ...where, ...args],
    { stdio: 'inherit' },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}
