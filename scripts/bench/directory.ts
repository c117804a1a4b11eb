/**
 * `npm run bench -- directory`: the directory's pages over 100,000 generated professionals
 * (issue 13, decisions/0025).
 * 1. Builds the database once into .cache/bench-directory-N (the demo directory generator, no
 *    corpus); rebuilt when the migrations or the generator change.
 * 2. For a fixed set of pages: (b) the page's loader function in-process over node:sqlite (the D1
 *    shim: the same SQL and parameters); (c) the whole Worker in Node over the same file, React
 *    rendering included (directory-app.ts); (a) the page over HTTP on `wrangler dev`, beside the
 *    fixed cost of a local request. Both (a) and (c) run React's production build
 *    (NODE_ENV=production), as deployed; plain `wrangler dev` runs its development build.
 * 3. Prints p50/p95/p99 per page and the ratios; writes JSON to bench-results/.
 * Options: --professionals N (default 100000), --rounds N (default 20), --port N (default 8797).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { createDb } from '../../app/db/client.server'
import { listCommunities, loadCommunity } from '../../app/domain/communities/communities.server'
import { loadDirectoryPage } from '../../app/domain/directory/directory.server'
import { loadDirectoryHome } from '../../app/domain/directory/home.server'
import {
  bin,
  fileHashes,
  localD1File,
  measureCases,
  migrationHashes,
  requestFloor,
  round2,
  run,
  type Stats,
  startWorker,
} from './common'
import { directoryCases } from './directory-cases'
import { memoryKv, nodeD1 } from './node-d1'

function ensureDirectory(dir: string, professionals: number): string {
  const marker = join(dir, 'directory.json')
  const key = { migrations: migrationHashes(), generator: fileHashes('app/fixtures/demo/directory', '.ts') }
  const have = existsSync(marker) ? JSON.parse(readFileSync(marker, 'utf8')) : null
  if (!have || have.professionals !== professionals || JSON.stringify(have.key) !== JSON.stringify(key)) {
    console.log(`bench: gerando ${professionals.toLocaleString('pt-BR')} profissionais em ${dir} (uma vez)…`)
    const started = Date.now()
    rmSync(dir, { recursive: true, force: true })
    run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir])
    run(bin('tsx'), [
      'scripts/seed.ts',
      '--persist-to',
      dir,
      '--scale',
      '0',
      '--professionals',
      String(professionals),
    ])
    writeFileSync(marker, JSON.stringify({ professionals, key, seconds: (Date.now() - started) / 1000 }))
  } else {
    console.log(`bench: reutilizando o diretório em ${dir}.`)
  }
  return localD1File(dir)
}

/** (c): the whole Worker in a Node child process with React's production build. */
function workerInNode(dir: string, rounds: number): Record<string, Stats> {
  const child = spawnSync(
    process.execPath,
    ['--conditions=worker', '--import', 'tsx', 'scripts/bench/directory-app.ts', dir, String(rounds)],
    { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 1 << 24 },
  )
  const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '))
  if (child.status !== 0 || !line) throw new Error(`bench: (c) falhou: ${child.stderr.slice(-2000)}`)
  return JSON.parse(line.slice('RESULT '.length))
}

export async function directoryBench(args: string[]) {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`)
    return i >= 0 ? Number(args[i + 1]) : fallback
  }
  const professionals = option('professionals', 100_000)
  const rounds = option('rounds', 20)
  const port = option('port', 8797)
  const dir = join('.cache', `bench-directory-${professionals}`)
  if (!existsSync('build/server/index.js')) run('npm', ['run', 'build'])
  const sqlite = new DatabaseSync(ensureDirectory(dir, professionals), { readOnly: true })
  const { cases, facts } = directoryCases(sqlite)
  const origin = `http://localhost:${port}`
  const db = createDb(nodeD1(sqlite))
  const kv = memoryKv()
  console.log('bench: (b) loaders no próprio processo (node:sqlite)…')
  const inProcess = await measureCases(cases, rounds, async (c) => {
    if (c.load.kind === 'list') await loadDirectoryPage({ db, origin }, c.load.query, null)
    else if (c.load.kind === 'home')
      await loadDirectoryHome({ db, suggestions: c.load.cached ? kv : memoryKv() })
    else if (c.load.kind === 'communities') await listCommunities({ db })
    else await loadCommunity({ db, origin }, c.load.slug, null)
  })
  sqlite.close()
  console.log('bench: (c) o Worker inteiro no Node (Hono + Remix, React de produção)…')
  const whole = workerInNode(dir, rounds)

  console.log('bench: (a) páginas por HTTP no workerd (wrangler dev, React de produção)…')
  const worker = await startWorker(port, dir, { NODE_ENV: 'production' })
  let http: Map<string, Stats>
  let floor: Record<string, Stats>
  try {
    floor = await requestFloor(
      port,
      [
        ['GET /favicon.svg (arquivo estático)', '/favicon.svg'],
        ['GET /api/saude (1 consulta D1)', '/api/saude'],
        ['GET /login (página Remix sem dados)', '/login'],
      ],
      rounds * 3,
    )
    http = await measureCases(
      cases.filter((c) => c.path),
      rounds,
      async (c) => {
        const res = await fetch(`${origin}${c.path}`)
        if (res.status !== 200) throw new Error(`bench: HTTP ${res.status} para ${c.path}`)
        await res.arrayBuffer()
      },
    )
  } finally {
    worker.kill()
  }

  const rows = cases.map((c) => {
    const a = c.path ? http.get(c.name) : undefined
    const b = inProcess.get(c.name) as Stats
    return {
      page: c.name,
      path: c.path,
      http: a ?? null,
      worker: whole[c.name] ?? null,
      inProcess: b,
      ratioP50: a ? round2(a.p50 / b.p50) : null,
      ratioP95: a ? round2(a.p95 / b.p95) : null,
    }
  })
  console.log(
    `\ndiretório, ${professionals.toLocaleString('pt-BR')} profissionais, ${rounds} rodadas (ms; a = HTTP no wrangler dev, c = Worker no Node, b = loader)`,
  )
  console.table(
    rows.map((r) => ({
      página: r.page,
      'a p50': r.http?.p50 ?? '–',
      'a p95': r.http?.p95 ?? '–',
      'c p50': r.worker?.p50 ?? '–',
      'c p95': r.worker?.p95 ?? '–',
      'b p50': r.inProcess.p50,
      'b p95': r.inProcess.p95,
      'b p99': r.inProcess.p99,
      'a/b p50': r.ratioP50 ?? '–',
    })),
  )
  console.log('custo fixo por requisição (ms; a = wrangler dev local, c = Worker no Node):')
  console.table(
    Object.entries(floor).map(([what, s]) => ({
      requisição: what,
      'a p50': s.p50,
      'a p95': s.p95,
      'c p50': whole[what]?.p50 ?? '–',
      'c p95': whole[what]?.p95 ?? '–',
    })),
  )
  const pages = rows.filter((r) => r.http)
  const worst = (pick: (r: (typeof rows)[number]) => number) =>
    pages.reduce((a, b) => (pick(b) > pick(a) ? b : a))
  const worstHttp = worst((r) => r.http?.p95 ?? 0)
  const worstWorker = worst((r) => r.worker?.p95 ?? 0)
  const remix = floor['GET /login (página Remix sem dados)'] as Stats
  console.log(
    `pior p95 por HTTP: ${worstHttp.http?.p95} ms em ${worstHttp.page} (meta ≤ 50 ms), ` +
      `${round2((worstHttp.http?.p95 ?? 0) - remix.p95)} ms acima de uma página Remix sem dados; ` +
      `pior p95 do Worker no Node: ${worstWorker.worker?.p95} ms em ${worstWorker.page}`,
  )
  mkdirSync('bench-results', { recursive: true })
  const out = join('bench-results', `diretorio-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    out,
    JSON.stringify(
      {
        professionals,
        rounds,
        facts,
        rows,
        floor,
        workerFloor: whole['GET /login (página Remix sem dados)'],
      },
      null,
      2,
    ),
  )
  console.log(`bench: resultados em ${out}`)
}
