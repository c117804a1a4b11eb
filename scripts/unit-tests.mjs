// `npm run test:unit`: the Workers tests in two runs (decisions/0068). First every file that
// makes its own data, sharing one runtime per worker; then the few that read the whole database,
// each isolated. Extra arguments go to both runs (e.g. `npm run test:unit -- --reporter=dot`).
import { spawnSync } from 'node:child_process'
import { OWN_DATABASE } from '../test/unit/own-database.mjs'

const extra = process.argv.slice(2)
const vitest = process.platform === 'win32' ? 'node_modules\\.bin\\vitest.cmd' : 'node_modules/.bin/vitest'
const run = (args) => spawnSync(vitest, ['run', ...args, ...extra], { stdio: 'inherit' }).status ?? 1

const shared = run(OWN_DATABASE.flatMap((file) => ['--exclude', file]))
const own = run(['--isolate', ...OWN_DATABASE])
process.exit(shared || own)
