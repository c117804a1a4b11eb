import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { getPlatformProxy } from 'wrangler'
import { createDb } from '../../app/db/client.server'
import { ALL_TIME, SHARD_SPAN, type ShardEntry, type ShardMap } from '../../app/domain/corpus/shard-map'
import { createCorpus, SHARD_MAP_KEY, singleDatabaseCorpus } from '../../app/domain/corpus/shards.server'
import { refreshCommonTerms } from '../../app/domain/search/common-terms.server'
import { mergeIndexes } from '../../app/domain/search/index-merge.server'
import { refreshPartyImpacts } from '../../app/domain/search/party-impacts.server'
import { readSearchRequest } from '../../app/domain/search/request'
import { search } from '../../app/domain/search/search.server'
import { todayIso } from '../../app/lib/dates'
import { localD1File } from '../lib/d1-file.mjs'
import { bin, migrationHashes, round2, run, type Stats, startWorker, stats, workerTiming } from './common'
import { memoryKv, nodeD1 } from './node-d1'
import { type BenchQuery, buildQueryMix, type QueryClass, toSearchParams } from './queries'
import { copyShard } from './spread'
import { heaviestQueries, Trace, type TraceSummary, traced, whereTimeGoes } from './trace'

// `npm run bench -- --shards 4 --scale N` (issue 31 §"Measured"): the same generated corpus in one
// database and spread over N corpus databases by a map (matérias by period, DOU and diários, over
// all of them; case law in the first), the fixed query mix against both in the same run, in the
// process (node:sqlite, the app's own search) and over HTTP on `wrangler dev` (a: the client's
// time, c: the Worker's own, from Server-Timing). Prints p95 per class, the ratios, the targets
// (a query touching one shard within 1.1× of one database, an unfiltered one over every shard
// within 1.5×) and whether the results are the same; a class whose search does not go through
// the shard layer yet is listed as not compared, never a failure.

/** `http` false (`--no-http`): the in-process part only (results, where the time goes, b). */
type Args = {
  scale: number
  rounds: number
  port: number
  shards: number
  dir: string
  http: boolean
  /** `--trace QUERY`: that search alone, every D1 call of it printed (one database, then the spread). */
  trace?: string | null
}
const BINDINGS = ['CORPUS_1', 'CORPUS_2', 'CORPUS_3', 'CORPUS_4']

/** The date cut points that give each shard a like share of the matérias. */
function periods(source: DatabaseSync, shards: number): string[] {
  const total = (source.prepare('SELECT count(*) AS n FROM gazette_articles').get() as { n: number }).n
  const cuts: string[] = []
  for (let k = 1; k < shards; k++) {
    const row = source
      .prepare('SELECT date FROM gazette_articles ORDER BY date LIMIT 1 OFFSET ?')
      .get(Math.floor((total * k) / shards)) as { date: string } | undefined
    cuts.push((row?.date ?? '').slice(0, 10))
  }
  return ['', ...cuts, '~']
}

/**
 * The map of the spread, every family of the corpus (decisions/0082): shard k (DOU) and
 * shards + k (other gazettes) of period k in CORPUS_k; case law in the first database, lawsuits
 * in the second, legislation in the third, people and companies in two halves of the slug hash
 * (the third and fourth; modulo the number of databases). The documents keep the one database's
 * ids (every entry spans shard 0's range): the search breaks equal scores by id (0073), so the
 * same ids are what makes "the same results" a fair test; no shard is split here, so the ranges
 * route nothing.
 */
export function spreadMap(cuts: string[], shards: number): ShardMap {
  const entries: ShardEntry[] = []
  const span = { idFrom: 0, idTo: SHARD_SPAN }
  const binding = (k: number) => BINDINGS[k % shards] as string
  for (let k = 1; k <= shards; k++) {
    const period = { from: cuts[k - 1] ?? '', to: cuts[k] ?? '~', binding: binding(k - 1) }
    entries.push({ shard: k, family: 'dou', ...period, ...span })
    entries.push({ shard: shards + k, family: 'diario:', ...period, ...span })
  }
  const whole = (family: string, binding: string, period: { from: string; to: string } = ALL_TIME) =>
    entries.push({ shard: entries.length + 1, family, ...period, binding, ...span })
  whole('jurisprudencia:', binding(0))
  whole('processo:', binding(1))
  whole('legislacao', binding(2))
  whole('entidades', binding(2), { from: '', to: '80' })
  whole('entidades', binding(3), { from: '80', to: '~' })
  return { version: 1, entries }
}

/**
 * Builds the spread once (rebuilt when the corpus or the migrations change): the primary is a
 * copy of the one database (what the layer does not route yet reads it, as the product does),
 * and each corpus database gets the documents the map gives it (spread.ts).
 */
async function ensureSpread(single: string, args: Args, map: ShardMap): Promise<string> {
  const dir = `${args.dir}-shards-${args.shards}`
  const marker = join(dir, 'spread.json')
  const want = { scale: args.scale, shards: args.shards, migrations: migrationHashes(), map }
  if (existsSync(marker) && readFileSync(marker, 'utf8') === JSON.stringify(want)) {
    console.log(`bench: reutilizando a divisão em ${dir}.`)
    return dir
  }
  console.log(`bench: dividindo o corpus em ${args.shards} bancos (${dir}, uma vez)…`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  for (const binding of ['DB', ...BINDINGS.slice(0, args.shards)])
    run(bin('wrangler'), ['d1', 'migrations', 'apply', binding, '--local', '--persist-to', dir])
  const primary = localD1File(dir, 'DB')
  for (const extra of ['-wal', '-shm']) rmSync(primary + extra, { force: true })
  copyFileSync(single, primary)
  for (const binding of BINDINGS.slice(0, args.shards)) {
    copyShard(single, localD1File(dir, binding), map, binding)
    // Each database's indexes merged and its own common words (decisions/0112, 0110), as the
    // cron keeps them: a copied shard's indexes hold the other shards' rows as delete markers.
    const rw = new DatabaseSync(localD1File(dir, binding))
    try {
      await mergeIndexes(createDb(nodeD1(rw)), { budgetMs: Number.POSITIVE_INFINITY })
      await refreshCommonTerms(createDb(nodeD1(rw)))
      await refreshPartyImpacts(createDb(nodeD1(rw)))
    } finally {
      rw.close()
    }
  }
  const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: join(dir, 'v3') } })
  try {
    await env.PAGE_VERSIONS.put(SHARD_MAP_KEY, JSON.stringify(map))
  } finally {
    await dispose()
  }
  writeFileSync(marker, JSON.stringify(want))
  return dir
}

export async function shardsBench(args: Args, ensureCorpus: () => Promise<string>) {
  if (args.shards < 2 || args.shards > BINDINGS.length)
    throw new Error(`bench: --shards vai de 2 a ${BINDINGS.length} (os bancos do acervo do wrangler.toml).`)
  if (!existsSync('build/server/index.js')) run('npm', ['run', 'build'])
  const single = await ensureCorpus()
  const source = new DatabaseSync(single, { readOnly: true })
  const map = spreadMap(periods(source, args.shards), args.shards)
  const { classes } = buildQueryMix(source)
  // One period's matérias (the second: a date filter inside it), and case law (one shard).
  const second = map.entries.find((e) => e.shard === 2)
  const inside = (second?.from ?? '').slice(0, 10)
  const oneShard: QueryClass = {
    name: 'one-shard',
    description: 'um só shard (período de um shard; jurisprudência)',
    queries: [
      ...['nomear', 'servidor', 'licitacao'].map((w) => ({
        params: { q: w, qo: 'd', filtro: '1', de: inside, ate: inside },
      })),
      ...['dano moral', 'recurso'].map((w) => ({ params: { q: w, qo: 'jr' } })),
    ],
  }
  const mix = [...classes, oneShard]
  source.close()
  const dir = await ensureSpread(single, args, map)
  const today = todayIso()

  // (b) in the process: both corpora, the same queries, the results compared; every D1 call traced.
  const oneTrace = new Trace()
  const spreadTrace = new Trace()
  const one = traced(single, 'DB', oneTrace)
  const oneDb = createDb(one.d1)
  // The search's clock is the trace's virtual one: a shard counting on waits on it (trace.ts).
  const oneDeps = {
    db: oneDb,
    corpus: singleDatabaseCorpus(oneDb),
    suggestions: memoryKv(),
    clock: oneTrace.clock,
  }
  const opened = ['DB', ...BINDINGS.slice(0, args.shards)].map((b) =>
    traced(localD1File(dir, b), b, spreadTrace),
  )
  const spreadDb = createDb(opened[0]?.d1 as D1Database)
  const spreadDeps = {
    db: spreadDb,
    corpus: createCorpus(
      async () => map,
      (binding) =>
        binding === 'DB' ? spreadDb : createDb(opened[BINDINGS.indexOf(binding) + 1]?.d1 as D1Database),
    ),
    suggestions: memoryKv(),
    clock: spreadTrace.clock,
  }
  if (args.trace) {
    await traceOne(args.trace, [
      ['um banco', oneDeps, oneTrace],
      [`${args.shards} shards`, spreadDeps, spreadTrace],
    ])
    for (const o of [one, ...opened]) o.sqlite.close()
    return
  }
  const shardsOf = new Map<string, number>()
  const differing: string[] = []
  for (const c of mix)
    for (const query of c.queries) {
      const request = readSearchRequest(toSearchParams(query), today)
      spreadTrace.reset()
      const [a, b] = [await search(oneDeps, request), await search(spreadDeps, request)]
      const touched = new Set(spreadTrace.calls.map((call) => call.binding))
      shardsOf.set(String(toSearchParams(query)), [...touched].filter((t) => t !== 'DB').length)
      if (JSON.stringify(a.sections) !== JSON.stringify(b.sections))
        differing.push(`${c.name}: ${toSearchParams(query)}`)
    }
  const touching = (q: BenchQuery) => shardsOf.get(String(toSearchParams(q))) ?? 0
  const compared = mix.filter((c) => c.queries.every((q) => touching(q) > 0))
  const notCompared = mix.filter((c) => !compared.includes(c))

  const time = async (fn: (q: BenchQuery) => Promise<unknown>, queries: BenchQuery[]) => {
    for (const q of queries) await fn(q) // warm-up
    const samples = new Map<string, number[]>()
    for (let r = 0; r < args.rounds; r++)
      for (const q of queries) {
        const started = performance.now()
        await fn(q)
        const key = String(toSearchParams(q))
        samples.set(key, [...(samples.get(key) ?? []), performance.now() - started])
      }
    return samples
  }
  const all = compared.flatMap((c) => c.queries)
  console.log('bench: (b) no próprio processo, um banco e os shards…')
  const oneCalls = new Map<string, TraceSummary[]>()
  const spreadCalls = new Map<string, TraceSummary[]>()
  const tracedSearch =
    (deps: typeof oneDeps, trace: Trace, into: Map<string, TraceSummary[]>) => async (q: BenchQuery) => {
      trace.reset()
      await search(deps, readSearchRequest(toSearchParams(q), today))
      const key = String(toSearchParams(q))
      into.set(key, [...(into.get(key) ?? []), trace.summary()])
    }
  const bOne = await time(tracedSearch(oneDeps, oneTrace, oneCalls), all)
  const bSpread = await time(tracedSearch(spreadDeps, spreadTrace, spreadCalls), all)
  for (const o of [one, ...opened]) o.sqlite.close()
  const where = compared.map((c) => whereTimeGoes(c.name, c.queries, oneCalls, spreadCalls))
  console.log('\nonde vai o tempo (no próprio processo; mediana por consulta, p95 da classe; ms de SQL):')
  console.table(where)
  console.log('\nconsultas com mais trabalho a mais nos shards (medianas, ms de SQL):')
  console.table(heaviestQueries(oneCalls, spreadCalls))

  // (a) and (c) over HTTP: one `wrangler dev` on each state folder, one after the other.
  const overHttp = async (persistTo: string) => {
    if (!args.http) return { a: new Map<string, number[]>(), c: new Map<string, number[]>() }
    const worker = await startWorker(args.port, persistTo)
    const c = new Map<string, number[]>()
    try {
      const a = await time(async (q) => {
        const res = await fetch(`http://localhost:${args.port}/api/v2/busca?${toSearchParams(q)}`)
        if (!res.ok) throw new Error(`bench: HTTP ${res.status} para ${toSearchParams(q)}`)
        await res.arrayBuffer()
        const total = workerTiming(res.headers.get('server-timing'))?.total
        const key = String(toSearchParams(q))
        if (total !== undefined) c.set(key, [...(c.get(key) ?? []), total])
      }, all)
      return { a, c }
    } finally {
      worker.kill()
    }
  }
  console.log('bench: (a) e (c) por HTTP no workerd, um banco…')
  const httpOne = await overHttp(args.dir)
  console.log(`bench: (a) e (c) por HTTP no workerd, ${args.shards} shards…`)
  const httpSpread = await overHttp(dir)

  const p95 = (samples: Map<string, number[]>, queries: BenchQuery[]): Stats =>
    stats(queries.flatMap((q) => samples.get(String(toSearchParams(q))) ?? []))
  const ratio = (x: Stats, y: Stats) => (y.p95 > 0 ? round2(x.p95 / y.p95) : null)
  const row = (name: string, queries: BenchQuery[]) => {
    const v = {
      b1: p95(bOne, queries),
      bN: p95(bSpread, queries),
      a1: p95(httpOne.a, queries),
      aN: p95(httpSpread.a, queries),
      c1: p95(httpOne.c, queries),
      cN: p95(httpSpread.c, queries),
    }
    return {
      classe: name,
      shards: [...new Set(queries.map(touching))].join('/'),
      'b p95 1': v.b1.p95,
      [`b p95 ${args.shards}`]: v.bN.p95,
      'b ×': ratio(v.bN, v.b1),
      'a p95 1': v.a1.p95,
      [`a p95 ${args.shards}`]: v.aN.p95,
      'a ×': ratio(v.aN, v.a1),
      'c p95 1': v.c1.p95,
      [`c p95 ${args.shards}`]: v.cN.p95,
      'c ×': ratio(v.cN, v.c1),
    }
  }
  const rows = compared.map((c) => row(c.name, c.queries))
  const single1 = all.filter((q) => touching(q) === 1)
  const everyShard = all.filter((q) => touching(q) === args.shards && !('filtro' in q.params))
  const targets = [
    { name: 'um shard', queries: single1, max: 1.1 },
    { name: `todos os ${args.shards} shards, sem filtro`, queries: everyShard, max: 1.5 },
  ].map((t) => ({ ...t, row: row(t.name, t.queries) }))
  console.log(
    `\nbusca, ${args.scale.toLocaleString('pt-BR')} documentos, um banco × ${args.shards} shards, ${args.rounds} rodadas (p95, ms; × = shards / um banco)`,
  )
  console.table([...rows, ...targets.map((t) => t.row)])
  // The harness runs the shards one after the other (node:sqlite; one workerd thread for every
  // local D1): c is the serial sum. Production's databases answer in parallel: the critical path
  // (trace.ts) is what a request waits for there, plus one transport per round (decisions/0082).
  const critical = targets.map((t) => whereTimeGoes(t.name, t.queries, oneCalls, spreadCalls))
  console.log('onde vai o tempo, nas metas:')
  console.table(critical)
  const lines = targets.flatMap((t, i) => {
    const c = t.row['c ×']
    // Without HTTP (`--no-http`) there is no c to judge: said so, not failed.
    const verdict = !args.http ? 'SEM HTTP' : c !== null && c <= t.max ? 'OK' : 'FALHOU'
    const path = critical[i]
    const crit = path?.['crítico ×'] ?? null
    return [
      `${verdict}: ${t.name} (${t.queries.length} consultas), medida do ambiente (serial): c × ${c ?? '—'} (meta ≤ ${t.max}×; a × ${t.row['a ×'] ?? '—'}, b × ${t.row['b ×'] ?? '—'})`,
      `${crit !== null && crit <= t.max ? 'OK' : 'FALHOU'}: ${t.name}, caminho crítico (shards em paralelo, SQL): × ${crit ?? '—'} (meta ≤ ${t.max}×; idas ao D1 ${path?.['idas 1'] ?? '—'} → ${path?.['idas N'] ?? '—'})`,
    ]
  })
  lines.push(
    differing.length
      ? `FALHOU: resultados diferentes do banco único em ${differing.length} consultas: ${differing.join(' | ')}`
      : `OK: resultados idênticos ao banco único nas ${mix.reduce((n, c) => n + c.queries.length, 0)} consultas da mistura`,
  )
  if (notCompared.length)
    lines.push(
      `não comparadas (a busca dessas classes ainda não passa pela camada de shards, lê só o banco principal): ${notCompared.map((c) => c.name).join(', ')}`,
    )
  for (const line of lines) console.log(`  ${line}`)
  mkdirSync('bench-results', { recursive: true })
  const out = join('bench-results', `shards-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    out,
    JSON.stringify(
      {
        ...args,
        map,
        rows,
        where,
        critical,
        targets,
        differing,
        notCompared: notCompared.map((c) => c.name),
        lines,
      },
      null,
      2,
    ),
  )
  console.log(`bench: resultados em ${out}`)
}

/**
 * One search's D1 calls on one database and on the spread (decisions/0108): each call's round,
 * database, SQL time and statement; of seven runs, the one of median serial time is printed (warm
 * caches: the measured rounds interleave the mix's queries, and read colder).
 */
async function traceOne(query: string, sides: [string, Parameters<typeof search>[0], Trace][]) {
  const request = readSearchRequest(new URLSearchParams(query), todayIso())
  for (const [label, deps, trace] of sides) {
    // Seven runs; the one of median serial time is printed (a single run is noise-dominated).
    const runs: { summary: ReturnType<Trace['summary']>; calls: Trace['calls'] }[] = []
    for (let i = 0; i < 7; i++) {
      trace.reset()
      await search(deps, request)
      runs.push({ summary: trace.summary(), calls: [...trace.calls] })
    }
    runs.sort((a, b) => a.summary.serialMs - b.summary.serialMs)
    const { summary, calls } = runs[3] as (typeof runs)[number]
    console.log(
      `\n${label}: ${summary.rounds} rodadas, SQL ${round2(summary.serialMs)} ms em série, ${round2(summary.criticalMs)} ms no caminho crítico`,
    )
    for (const call of calls)
      console.log(
        `  r${call.round} ${call.binding.padEnd(8)} ${call.ms.toFixed(2).padStart(7)} ms  ${call.sql.map((s) => s.slice(0, 100)).join(' | ')}`,
      )
  }
}
