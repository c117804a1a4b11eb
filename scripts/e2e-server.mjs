// Starts the built app under `wrangler dev` for the end-to-end tests, on its own port and with
// its own state folder, so it never touches the data of `npm start`. Fresh state every run.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const PORT = process.env.E2E_PORT ?? '8799'
const STATE = '.wrangler/e2e'
const bin = (name) => `node_modules/.bin/${name}`

function run(cmd, args) {
  const result = spawnSync(cmd, args, { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`e2e-server: "${cmd} ${args.join(' ')}" falhou (código ${result.status}).`)
    process.exit(result.status ?? 1)
  }
}

if (!existsSync('build/server/index.js')) run(bin('remix'), ['vite:build'])
rmSync(STATE, { recursive: true, force: true })
run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE])
run(bin('tsx'), ['scripts/seed.ts', '--persist-to', STATE, '--scale', '20000'])

// The real public samples, imported exactly as `npm run import` does (pages of imported data).
const SHARED = process.env.SHARED_DATA_DIR ?? '../shared/data'
if (!existsSync(SHARED)) {
  console.error(`e2e-server: os dados de exemplo não estão em ${SHARED} (defina SHARED_DATA_DIR).`)
  process.exit(1)
}
const files = (dir, pattern) =>
  readdirSync(join(SHARED, dir))
    .filter((name) => pattern.test(name))
    .map((name) => join(SHARED, dir, name))
// One run for every format: each run starts the local platform, seconds each (decisions/0060).
run(bin('tsx'), [
  'scripts/import.ts',
  ...['tpu', ...files('tpu', /\.csv$/)],
  ...['datajud', ...files('datajud', /\.json$/)],
  // Plus one family case written for the tests (invented names), masked on import (decisions/0064).
  ...['djen', ...files('djen', /\.json$/), 'test/e2e/files/djen-sensivel.json'],
  ...['dou', ...files('dou', /\.xml$/)],
  ...['diario', ...files('diarios', /./)],
  ...['constituicao', ...files('legislacao', /^constituicao.*\.csv$/)],
  ...['jurisprudencia', ...files('jurisprudencia', /\.csv$/)],
  '--persist-to',
  STATE,
])

// The demo corpus is written row by row, past the importers: the re-mask walk applies the
// sensitive-code list to it before any page is served (decisions/0064).
run(bin('tsx'), ['scripts/remask.ts', '--persist-to', STATE])

const server = spawn(
  bin('wrangler'),
  [
    'dev',
    '--port',
    PORT,
    '--persist-to',
    STATE,
    '--var',
    `BASE_DOMAIN:localhost:${PORT}`,
    '--var',
    'ENVIRONMENT:test',
    // Turnstile is checked against the local stand-in (no network on the test machines).
    '--var',
    `TURNSTILE_VERIFY_URL:http://localhost:${PORT}/__dev/turnstile/siteverify`,
    '--test-scheduled',
    '--show-interactive-dev-session=false',
  ],
  { stdio: 'inherit' },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
