// The build step of `npm start` and `npm run dev`: `remix vite:build`, skipped when the build
// output is newer than every file it is made from (so a start right after `npm test`, or a
// second start, does not rebuild). `npm run build` always builds (decisions/0060).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** What `remix vite:build` reads: the app, static files, the Vite config and plugins, the deps. */
const INPUTS = [
  'app',
  'public',
  'scripts/vite',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
]
/** Written last by a build that finished (a failed build leaves it missing: Remix empties build/). */
const OUTPUTS = ['build/server/index.js', 'build/client/favicon.svg']

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)))
  return latest
}

const built = Math.min(...OUTPUTS.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)))
const source = Math.max(...INPUTS.map(newest))
if (built > 0 && built > source && !process.env.FORCE_BUILD) {
  console.log('build: build/ é mais novo que todas as fontes; nada a compilar (FORCE_BUILD=1 força).')
  process.exit(0)
}
const result = spawnSync('node_modules/.bin/remix', ['vite:build'], { stdio: 'inherit' })
process.exit(result.status ?? 1)
