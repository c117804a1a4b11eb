// The built app under `wrangler dev` with React's production build and the demo data of
// `npm start`, in its state folder (JURISEDGE_STATE or .wrangler/state): what `npm run
// lighthouse` and `npm run bench:first-tap` measure when no --url is given.
import { spawn, spawnSync } from 'node:child_process'
import { DATABASES } from './databases.mjs'
import { persistArgs } from './state.mjs'

const bin = (name) => `node_modules/.bin/${name}`

function run(label, cmd, argv) {
  const result = spawnSync(cmd, argv, { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${label}: "${cmd} ${argv.join(' ')}" falhou.`)
}

/** Builds, migrates, seeds and serves on `port`; resolves with the server once it answers. */
export async function startLocalSite(port, label) {
  run(label, 'npm', ['run', 'build'])
  for (const binding of DATABASES)
    run(label, bin('wrangler'), ['d1', 'migrations', 'apply', binding, '--local', ...persistArgs([])])
  run(label, bin('tsx'), ['scripts/seed.ts'])
  const child = spawn(
    bin('wrangler'),
    [
      'dev',
      '--port',
      port,
      ...persistArgs([]),
      '--var',
      `BASE_DOMAIN:localhost:${port}`,
      '--show-interactive-dev-session=false',
    ],
    { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } },
  )
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/saude`)).ok) return child
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  child.kill()
  throw new Error(`${label}: wrangler dev não respondeu em 2 minutos.`)
}
