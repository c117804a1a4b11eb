// Starts the built app under `wrangler dev` for the end-to-end tests, on its own port and with
// its own state folder, so it never touches the data of `npm start`. Fresh state every run.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, rmSync } from 'node:fs'
import { prepareE2eDatabase } from './e2e-db.mjs'

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
// A copy of the database built once per content hash (scripts/e2e-db.mjs, decisions/0069): the
// tests write to it, so every run starts from the same state.
const ready = prepareE2eDatabase()
rmSync(STATE, { recursive: true, force: true })
cpSync(ready, STATE, { recursive: true })

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
