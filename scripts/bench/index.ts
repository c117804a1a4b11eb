/**
 * `npm run bench`: search speed at ≥ 1,000,000 documents (issue 5, ADR 0012).
 * 1. Builds the corpus once into .cache/bench (rebuilt when the migrations change).
 * 2. Runs the fixed query mix (queries.ts) (b) in-process: the app's own search() over node:sqlite
 *    on the same SQLite file, then (a) over HTTP: GET /api/v2/busca on `wrangler dev`.
 * 3. Reads (c), the Worker's own time (`total` of its Server-Timing header) and the D1 part
 *    (`db`) of each (a) answer, and the Worker time of cached anonymous search pages (`cache=hit`).
 * 4. Prints p50/p95/p99 per query class, the ratios a/b and c/b and the issue-18 targets as
 *    OK/FALHOU lines; writes JSON to bench-results/.
 * Options: --scale N (default 1000000), --rounds N (default 8), --port N (default 8798);
 * --no-http measures (b) alone; --save FILE writes the JSON there too (a baseline);
 * --compare FILE prints each class and the queries that moved most against a saved result
 * (compare.ts, issue 42), and `npm run bench -- compare OLD NEW` compares two saved results;
 * `npm run bench -- statements [class,…] [--query TEXT] [--explain MS]` lists each query's
 * statements with their time and plan (statements.ts).
 * `--shards N` (2 to 4) compares the same corpus in one database and spread over N corpus
 * databases by a shard map instead (issue 31, decisions/0072, 0077): shards.ts. With
 * `--trace 'q=…&qo=…'` it runs that one search on both and prints every D1 call instead.
 *
 * `npm run bench -- directory` (or `npm run bench:directory`) measures the directory's pages
 * instead: directory.ts; `notifications` the fan-out (notifications.ts); `monitoring` the
 * monitoring matcher (monitoring.ts).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { createDb } from '../../app/db/client.server'
import { singleDatabaseCorpus } from '../../app/domain/corpus/shards.server'
import { refreshCommonTerms } from '../../app/domain/search/common-terms.server'
import { mergeIndexes } from '../../app/domain/search/index-merge.server'
import { refreshPartyImpacts } from '../../app/domain/search/party-impacts.server'
import { readSearchRequest } from '../../app/domain/search/request'
import { search } from '../../app/domain/search/search.server'
import { rebuildSpelling } from '../../app/domain/search/spelling-terms.server'
import { todayIso } from '../../app/lib/dates'
import {
  bin,
  localD1File,
  migrationHashes,
  requestFloor,
  round2,
  run,
  type Stats,
  startWorker,
  stats,
  type WorkerTiming,
  workerTiming,
} from './common'
import {
  type BenchResult,
  commitOf,
  compareFiles,
  readResult,
  type SavedResult,
  writeResult,
} from './compare'
import { directoryBench } from './directory'
import { monitoringBench } from './monitoring'
import { memoryKv, nodeD1 } from './node-d1'
import { notificationsBench } from './notifications'
import { type BenchQuery, buildQueryMix, type QueryClass, toSearchParams } from './queries'
import { shardsBench } from './shards'
import { statementsBench } from './statements'
import {
  type CachedPages,
  cachedPagePaths,
  d1RoundTrip,
  emptySamples,
  measureCachedPages,
  record,
  summarize,
  TARGETS,
  type TimingSamples,
  targetLines,
} from './worker-time'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? Number(args[i + 1]) : fallback
}
const SCALE = option('scale', 1_000_000)
const ROUNDS = option('rounds', 8)
const PORT = option('port', 8798)
const text = (name: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? (args[i + 1] ?? null) : null
}
const SAVE = text('save')
const COMPARE = text('compare')
const HTTP = !args.includes('--no-http')
const DIR = join('.cache', `bench-${SCALE}`)
async function ensureCorpus(): Promise<string> {
  const marker = join(DIR, 'corpus.json')
  const now = migrationHashes()
  const have = existsSync(marker) ? JSON.parse(readFileSync(marker, 'utf8')) : null
  const changed =
    !have ||
    have.scale !== SCALE ||
    Object.entries(have.migrations ?? {}).some(([name, hash]) => now[name] !== hash)
  if (changed) {
    console.log(`bench: gerando o corpus de ${SCALE.toLocaleString('pt-BR')} documentos em ${DIR} (uma vez)…`)
    const started = Date.now()
    rmSync(DIR, { recursive: true, force: true })
    run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', DIR])
    // The one-database side: the spread is built from it (scripts/bench/spread.ts).
    run(bin('tsx'), ['scripts/seed.ts', '--persist-to', DIR, '--scale', String(SCALE), '--single-database'])
    writeFileSync(
      marker,
      JSON.stringify({ scale: SCALE, migrations: now, seconds: (Date.now() - started) / 1000 }),
    )
  } else {
    console.log(`bench: reutilizando o corpus em ${DIR}.`)
    // Migrations added since the corpus was built only add things: apply them in place.
    run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', DIR])
    writeFileSync(marker, JSON.stringify({ ...have, migrations: now }))
  }
  const file = localD1File(DIR)
  // A corpus seeded before the spelling dictionary (migration 0020) gets it here, once.
  const rw = new DatabaseSync(file)
  try {
    const words = (rw.prepare('SELECT count(*) AS n FROM spelling_terms').get() as { n: number }).n
    if (words === 0) {
      const n = await rebuildSpelling(createDb(nodeD1(rw)))
      console.log(`bench: dicionário de correção com ${n.toLocaleString('pt-BR')} palavras.`)
    }
    // The indexes merged as the cron keeps them (decisions/0112): a corpus seeded before the step,
    // or in more segments than it leaves, is merged here, to the end.
    const merges = await mergeIndexes(createDb(nodeD1(rw)), { budgetMs: Number.POSITIVE_INFINITY })
    if (merges) console.log(`bench: índices fundidos (${merges} chamadas de merge).`)
    // A corpus seeded before the common words (migration 0047), or changed since: counted here.
    const counted = await refreshCommonTerms(createDb(nodeD1(rw)))
    if (counted.length) console.log(`bench: palavras comuns contadas em ${counted.join(', ')}.`)
    // The parties' impacts (migration 0048), built or caught up as the cron does (decisions/0111).
    const applied = await refreshPartyImpacts(createDb(nodeD1(rw)))
    if (applied) console.log(`bench: impactos das partes: ${applied.toLocaleString('pt-BR')} linhas.`)
  } finally {
    rw.close()
  }
  return file
}

/**
 * Per class: the percentiles; per query: its median, to find which query sets a class's p95.
 * `once` may return the Worker's own timing of that request (HTTP only): kept per class as (c).
 */
async function measure(
  classes: QueryClass[],
  once: (query: BenchQuery) => Promise<WorkerTiming | null | undefined>,
) {
  for (const c of classes) for (const query of c.queries) await once(query) // warm-up
  const out: Record<string, Stats> = {}
  const perQuery: Record<string, number> = {}
  const worker: Record<string, TimingSamples> = {}
  for (const c of classes) {
    const samples: number[] = []
    const timings = emptySamples()
    const byQuery = new Map<string, number[]>()
    for (let round = 0; round < ROUNDS; round++)
      for (const query of c.queries) {
        const started = performance.now()
        const timing = await once(query)
        const ms = performance.now() - started
        samples.push(ms)
        if (timing !== undefined) record(timings, timing)
        const key = String(toSearchParams(query))
        byQuery.set(key, [...(byQuery.get(key) ?? []), ms])
      }
    out[c.name] = stats(samples)
    worker[c.name] = timings
    for (const [key, times] of byQuery) perQuery[key] = stats(times).p50
  }
  return { out, perQuery, worker }
}

async function main() {
  if (!existsSync('build/server/index.js')) run('npm', ['run', 'build'])
  const file = await ensureCorpus()
  const sqlite = new DatabaseSync(file, { readOnly: true })
  const { classes, facts } = buildQueryMix(sqlite)
  const today = todayIso()
  const db = createDb(nodeD1(sqlite))
  const deps = { db, corpus: singleDatabaseCorpus(db), suggestions: memoryKv() }
  console.log('bench: (b) SQL no próprio processo (node:sqlite)…')
  const { out: inProcess, perQuery: inProcessPerQuery } = await measure(classes, async (query) => {
    await search(deps, readSearchRequest(toSearchParams(query), today))
    return undefined
  })
  sqlite.close()
  // A saved baseline is read first: a wrong path fails before minutes of measuring.
  const baseline = COMPARE ? readResult(COMPARE) : null
  if (!HTTP)
    return finish(
      {
        scale: SCALE,
        rounds: ROUNDS,
        today,
        commit: commitOf(),
        facts,
        http: false,
        rows: classes.map((c) => ({
          class: c.name,
          description: c.description,
          inProcess: inProcess[c.name] as Stats,
        })),
        perQuery: Object.keys(inProcessPerQuery).map((query) => ({
          query,
          inProcessP50: inProcessPerQuery[query] as number,
        })),
        classes,
      },
      baseline,
    )
  console.log('bench: (a) API por HTTP no workerd (wrangler dev)…')
  const worker = await startWorker(PORT, DIR)
  let http: Record<string, Stats>
  let httpPerQuery: Record<string, number>
  let floor: Record<string, Stats>
  let workerSamples: Record<string, TimingSamples>
  let cached: CachedPages
  let roundTrip: Stats | null
  // `/api/saude` runs one `select 1`: its Server-Timing `db` is the local D1 round trip.
  const HEALTH = 'GET /api/saude (1 consulta D1)'
  const healthTimings: (WorkerTiming | null)[] = []
  try {
    // The fixed cost of a request on local wrangler dev, with no search work: the floor under (a).
    floor = await requestFloor(
      PORT,
      [
        ['GET /favicon.svg (arquivo estático)', '/favicon.svg'],
        [HEALTH, '/api/saude'],
        ['GET /api/v2/busca?q= (sem consulta)', '/api/v2/busca?q='],
      ],
      ROUNDS * 6,
      (name, timing) => {
        if (name === HEALTH) healthTimings.push(timing)
      },
    )
    roundTrip = d1RoundTrip(healthTimings)
    ;({
      out: http,
      perQuery: httpPerQuery,
      worker: workerSamples,
    } = await measure(classes, async (query) => {
      const res = await fetch(`http://localhost:${PORT}/api/v2/busca?${toSearchParams(query)}`)
      if (!res.ok) throw new Error(`bench: HTTP ${res.status} para ${toSearchParams(query)}`)
      await res.arrayBuffer()
      return workerTiming(res.headers.get('server-timing'))
    }))
    console.log('bench: (c) página de busca anônima em cache (Server-Timing)…')
    cached = await measureCachedPages(PORT, cachedPagePaths(classes), ROUNDS * 5)
  } finally {
    worker.kill()
  }
  const rows = classes.map((c) => {
    const a = http[c.name] as Stats
    const b = inProcess[c.name] as Stats
    const worker = summarize(workerSamples[c.name] ?? emptySamples(), roundTrip?.p50 ?? null)
    return {
      class: c.name,
      description: c.description,
      queries: c.queries.length,
      http: a,
      inProcess: b,
      ratioP50: round2(a.p50 / b.p50),
      ratioP95: round2(a.p95 / b.p95),
      worker,
      ratioWorkerP95: worker.total ? round2(worker.total.p95 / b.p95) : null,
      ratioLessTransportP95: worker.lessTransport ? round2(worker.lessTransport.p95 / b.p95) : null,
    }
  })
  console.log(`\nbusca, ${SCALE.toLocaleString('pt-BR')} documentos, ${ROUNDS} rodadas (ms)`)
  console.table(
    rows.map((r) => ({
      classe: r.class,
      'a p50': r.http.p50,
      'a p95': r.http.p95,
      'a p99': r.http.p99,
      'b p50': r.inProcess.p50,
      'b p95': r.inProcess.p95,
      'b p99': r.inProcess.p99,
      'a/b p50': r.ratioP50,
      'a/b p95': r.ratioP95,
      'c p50': r.worker.total?.p50 ?? '—',
      'c p95': r.worker.total?.p95 ?? '—',
      'c db p95': r.worker.db?.p95 ?? '—',
      'c/b p95': r.ratioWorkerP95 ?? '—',
      'idas D1': r.worker.calls?.p50 ?? '—',
      "c' p95": r.worker.lessTransport?.p95 ?? '—',
      "c'/b p95": r.ratioLessTransportP95 ?? '—',
    })),
  )
  console.log(
    roundTrip
      ? `ida e volta ao D1 local (db de "select 1" em /api/saude): p50 ${roundTrip.p50} ms, p95 ${roundTrip.p95} ms. ` +
          `c' = c − idas D1 × ${roundTrip.p50} ms: estimativa do tempo do Worker sem o transporte local, ` +
          'mostrada ao lado; as metas abaixo usam c.'
      : 'ida e volta ao D1 local: sem medida (sem Server-Timing em /api/saude).',
  )
  const missing = rows.reduce((sum, r) => sum + r.worker.missing, 0)
  if (missing)
    console.log(
      `atenção: ${missing} respostas da API sem Server-Timing legível (total;dur=…): a coluna c fica "—". ` +
        'O Worker desta versão não envia o cabeçalho?',
    )
  console.log(
    `página de busca anônima em cache, ${cached.paths.length} páginas (c = total do Server-Timing, ms):`,
  )
  console.table([
    {
      'c p50 (hit)': cached.hits?.p50 ?? '—',
      'c p95 (hit)': cached.hits?.p95 ?? '—',
      hits: cached.hits?.n ?? 0,
      'não hit': Object.entries(cached.notHits)
        .map(([kind, n]) => `${kind}: ${n}`)
        .join(', '),
      'sem cabeçalho': cached.missing,
    },
  ])
  console.log(`primeira visita (enchimento): ${Object.values(cached.fill).join(', ')}`)
  console.log('custo fixo por requisição no wrangler dev local (ms):')
  console.table(Object.entries(floor).map(([what, s]) => ({ requisição: what, p50: s.p50, p95: s.p95 })))
  const worstP95 = Math.max(...rows.map((r) => r.http.p95))
  console.log(`pior p95 da API: ${worstP95} ms (meta ≤ 50 ms)`)
  const targets = targetLines(rows, cached)
  console.log(
    `metas (issue 18, a 1.000.000 documentos): ${targets.pass ? 'todas cumpridas' : 'NÃO cumpridas'}`,
  )
  for (const line of targets.lines) console.log(`  ${line}`)
  const perQuery = Object.keys(httpPerQuery).map((query) => ({
    query,
    httpP50: httpPerQuery[query],
    inProcessP50: inProcessPerQuery[query] ?? 0,
  }))
  finish(
    {
      scale: SCALE,
      rounds: ROUNDS,
      today,
      commit: commitOf(),
      facts,
      rows,
      perQuery,
      floor,
      d1RoundTrip: roundTrip,
      cachedSearchPage: cached,
      targets: { ...TARGETS, pass: targets.pass, lines: targets.lines },
      classes,
    },
    baseline,
  )
}

/** `npm run bench -- statements …`: each query's statements and their time (statements.ts). */
async function statementsOfQueries() {
  const sqlite = new DatabaseSync(await ensureCorpus(), { readOnly: true })
  try {
    await statementsBench(sqlite, args.slice(1))
  } finally {
    sqlite.close()
  }
}

/** Writes and compares a result as the options ask (compare.ts). */
const finish = (result: BenchResult, baseline: SavedResult | null) =>
  writeResult(result, {
    save: SAVE,
    compare: COMPARE,
    baseline,
    inProcessOnly: !HTTP,
    scale: SCALE,
    rounds: ROUNDS,
  })

const mode = args.includes('--shards')
  ? shardsBench(
      {
        scale: SCALE,
        rounds: ROUNDS,
        port: PORT,
        shards: option('shards', 4),
        dir: DIR,
        http: !args.includes('--no-http'),
        trace: text('trace'),
      },
      ensureCorpus,
    )
  : args[0] === 'compare'
    ? compareFiles(args.slice(1, 3))
    : args[0] === 'statements'
      ? statementsOfQueries()
      : args[0] === 'directory'
        ? directoryBench(args.slice(1))
        : args[0] === 'notifications'
          ? notificationsBench()
          : args[0] === 'monitoring'
            ? monitoringBench()
            : main()
mode.catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
