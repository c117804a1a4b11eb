import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildCnj, formatCnj } from '../../app/domain/corpus/cnj'
import { expect, test, uniqueTag } from './fixtures'

// The site started the way `npm start` starts it (migrations, seed, then scripts/cron/runner.mjs
// in front of `wrangler dev`), on its own port and state, with the crons every 2 seconds instead
// of every 5 minutes (CRON_INTERVAL_SECONDS, the runner's only test switch). Nothing in this test
// fires a cron: a file imported with `npm run import` must reach the monitoring by itself.
// Alone (after the other tests): a second workerd is heavy for a 2-core machine.

const bin = (name: string) => `node_modules/.bin/${name}`

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8' })
  expect(result.status, `${command} ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0)
  return result
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok
  } catch {
    return false
  }
}

let state = ''
let origin = ''
let site: ChildProcess | null = null

test.beforeAll(async () => {
  test.setTimeout(300_000)
  state = mkdtempSync(join(tmpdir(), 'jurisedge-start-'))
  run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state])
  // The seed of `npm start` without the bulk demo data (the monitoring needs none of it).
  run(bin('tsx'), [
    'scripts/seed.ts',
    '--persist-to',
    state,
    '--scale',
    '0',
    '--articles',
    '0',
    '--professionals',
    '0',
  ])
  const port = await freePort()
  origin = `http://localhost:${port}`
  site = spawn(
    process.execPath,
    [
      'scripts/cron/runner.mjs',
      '--port',
      String(port),
      '--persist-to',
      state,
      '--show-interactive-dev-session=false',
    ],
    { env: { ...process.env, CRON_INTERVAL_SECONDS: '2' }, stdio: 'ignore' },
  )
  await expect.poll(() => answers(`${origin}/api/saude`), { timeout: 120_000 }).toBe(true)
})

test.afterAll(async () => {
  if (site && site.exitCode === null) {
    const exited = new Promise((resolve) => site?.once('exit', resolve))
    site.kill('SIGTERM')
    await exited
    // The runner stops its wrangler with it: nothing answers on the port any more.
    await expect.poll(() => answers(`${origin}/api/saude`), { timeout: 30_000 }).toBe(false)
  }
  if (state) rmSync(state, { recursive: true, force: true })
})

test('on `npm start` the crons run by themselves: an imported gazette item becomes a hit with no manual step', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const tag = uniqueTag()
  const name = `Eulália ${tag} Brandão`

  // A new account and its name monitoring, on the started site.
  await page.goto(`${origin}/robots.txt`)
  const post = (path: string, data: unknown) =>
    page.evaluate(
      async ({ path, data }) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(data),
        })
        return { status: response.status, json: await response.json() }
      },
      { path, data },
    )
  const created = await post('/__dev/usuarios', {
    subdominio: `cron${tag}`,
    email: `cron.${tag}@exemplo.invalid`,
    nome: `Pessoa Cron ${tag}`,
    perfil: 'profissional',
    confirmado: true,
    entrar: true,
  })
  expect(created.status, JSON.stringify(created.json)).toBe(201)
  const monitor = await post('/ajax/monitoramentos', {
    tipo: 'nome',
    termo: name,
    modo: 'exato',
    fontes: ['djen'],
  })
  expect(monitor.status, JSON.stringify(monitor.json)).toBe(200)
  const id = (monitor.json as { monitoramento: { id: number } }).monitoramento.id

  // A DJEN file naming her, imported by the real command into the running site's database.
  const cnj = buildCnj(Number(String(Date.now()).slice(-7)), 2026, 8, 19, 1)
  const dir = mkdtempSync(join(tmpdir(), 'djen-cron-'))
  const file = join(dir, 'comunicacao.json')
  writeFileSync(
    file,
    JSON.stringify({
      status: 'success',
      count: 1,
      items: [
        {
          id: Number(String(Date.now()).slice(-9)),
          data_disponibilizacao: '2026-11-20',
          siglaTribunal: 'TJRJ',
          tipoComunicacao: 'Intimação',
          nomeOrgao: '2ª VARA CÍVEL DA CAPITAL',
          texto: `Fica intimada ${name.toUpperCase()}, por meio de seu advogado, para manifestação em 15 dias.`,
          numero_processo: cnj,
          numeroprocessocommascara: formatCnj(cnj),
          nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
          codigoClasse: '7',
          meio: 'D',
          destinatarios: [],
          destinatarioadvogados: [],
        },
      ],
    }),
  )
  // The import and the running site share one SQLite file: a write that meets the site's tick
  // may find it locked, and importing again is harmless (an import is idempotent).
  let imported = spawnSync(bin('tsx'), ['scripts/import.ts', 'djen', file, '--persist-to', state], {
    encoding: 'utf8',
  })
  for (let attempt = 0; imported.status !== 0 && attempt < 2; attempt++)
    imported = spawnSync(bin('tsx'), ['scripts/import.ts', 'djen', file, '--persist-to', state], {
      encoding: 'utf8',
    })
  expect(imported.status, imported.stderr).toBe(0)
  rmSync(dir, { recursive: true, force: true })

  // Only waiting: the runner's next ticks plan the window, the queue checks it.
  await expect(async () => {
    await page.goto(`${origin}/monitoramentos/${id}`)
    await expect(page.locator('.hit').first()).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 90_000 })
  await expect(page.locator('.hit').first().locator('mark')).toHaveText(name.toUpperCase())
})
