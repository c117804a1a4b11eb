// `npm run db:migrate`: the D1 migrations applied to the local state folder (JURISEDGE_STATE or
// `.wrangler/state`, scripts/lib/state.mjs). Extra arguments go to wrangler.
import { spawnSync } from 'node:child_process'
import { persistArgs } from './lib/state.mjs'

const args = process.argv.slice(2)
const result = spawnSync(
  'node_modules/.bin/wrangler',
  ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs(args), ...args],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
