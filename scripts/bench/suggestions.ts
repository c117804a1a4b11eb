/**
 * `npm run bench:suggestions`: recall and speed of the search suggestions per keystroke (issue 28
 * §4, decisions/0057), over HTTP against the Worker under `wrangler dev`.
 * 1. Applies the migrations to the local database (`--persist-to`, default .wrangler/state, the
 *    one `npm start` and `npm run seed` use) and brings the suggestions up to date, as the cron's
 *    runs would (the real `rebuildSuggestions`, without the per-invocation caps).
 * 2. Draws 500 random names (`--names`): people, companies (legal and trade names), lawsuit parties
 *    and members, a quarter each.
 * 3. Types each prefix of 3 to 12 characters of each name as written, without accents in lower
 *    case, and in upper case, into POST /api/v2/busca/sugestoes. Recall: the list is non-empty and
 *    every entry starts with the input (case and accents ignored); goal 100 %. Each name is typed
 *    from its own address (one person typing: the API's rate limit is per address).
 * 4. Prints p50/p95 per keystroke: the round trip, and the Worker's own time (`total` of its
 *    Server-Timing), for KV lists (3–5 characters) and the D1 lookup (6 on); writes JSON to
 *    bench-results/. Options: --port N (default 8804), --names N, --persist-to DIR.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import { getPlatformProxy } from 'wrangler'
import { createDb } from '../../app/db/client.server'
import { normalizeForMatch, SUGGESTION_LIST_MAX_LENGTH } from '../../app/domain/suggestion-lists/keys'
import { rebuildSuggestions } from '../../app/domain/suggestions/suggestions.server'
import { bin, localD1File, run, type Stats, startWorker, stats, workerTiming } from './common'

const option = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback
}
const persistTo = option('persist-to', '.wrangler/state')
const port = Number(option('port', '8804'))
const wanted = Number(option('names', '500'))
const MIN = 3
const MAX = 12

type Sample = { source: 'pessoa' | 'empresa' | 'parte' | 'membro'; name: string }

function drawNames(): { samples: Sample[]; unlinkedParties: { name: string; rows: number }[] } {
  const sqlite = new DatabaseSync(localD1File(persistTo), { readOnly: true })
  const quarter = Math.ceil(wanted / 4)
  const draw = (source: Sample['source'], query: string) =>
    (sqlite.prepare(query).all(quarter) as { name: string }[]).map((row) => ({ source, name: row.name }))
  const samples = [
    ...draw('pessoa', 'SELECT name FROM people ORDER BY random() LIMIT ?'),
    ...draw(
      'empresa',
      `SELECT name FROM (SELECT legal_name AS name FROM companies UNION ALL
        SELECT trade_name FROM companies WHERE trade_name IS NOT NULL) ORDER BY random() LIMIT ?`,
    ),
    // Every party an import stores is a person or a company (ensurePeople); parties left without
    // one are listed apart below: they are no suggestion source.
    ...draw(
      'parte',
      'SELECT name FROM parties WHERE person_id IS NOT NULL OR company_id IS NOT NULL ORDER BY random() LIMIT ?',
    ),
    ...draw('membro', 'SELECT name FROM users WHERE merged_into_id IS NULL ORDER BY random() LIMIT ?'),
  ].slice(0, wanted)
  const unlinkedParties = sqlite
    .prepare(
      'SELECT name, count(*) AS rows FROM parties WHERE person_id IS NULL AND company_id IS NULL GROUP BY name',
    )
    .all() as { name: string; rows: number }[]
  sqlite.close()
  return { samples, unlinkedParties }
}

/** What a person types: the name's first `length` characters as written, folded, and shouted. */
function typings(name: string, length: number): string[] {
  const typed = Array.from(name).slice(0, length).join('')
  const folded = typed.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  return [...new Set([typed, folded, typed.toUpperCase()])]
}

run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo])
{
  const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } })
  try {
    const deps = { db: createDb(env.DB), suggestions: env.SUGGESTIONS, now: () => new Date() }
    const limits = { freshBatch: 50_000, sweepBatch: 0, prefixesPerRun: 5_000 }
    let report = await rebuildSuggestions(deps, limits)
    while (!report.caughtUp || report.pending > 0) report = await rebuildSuggestions(deps, limits)
    console.log(`sugestões atualizadas: ${report.prefixes} listas em KV`)
  } finally {
    await dispose()
  }
}

const { samples, unlinkedParties } = drawNames()
const worker = await startWorker(port, persistTo)
const origin = `http://localhost:${port}`
type Keystroke = { ms: number; worker: number | null; path: 'kv' | 'd1' }
const keystrokes: Keystroke[] = []
const misses: { source: string; name: string; typed: string; got: string[] }[] = []
let checked = 0
let withName = 0
try {
  for (const [index, sample] of samples.entries()) {
    const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`
    for (let length = MIN; length <= Math.min(MAX, Array.from(sample.name).length); length++) {
      for (const typed of typings(sample.name, length)) {
        const prefix = normalizeForMatch(typed)
        if (Array.from(prefix).length < MIN) continue
        const started = performance.now()
        const res = await fetch(`${origin}/api/v2/busca/sugestoes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin, 'CF-Connecting-IP': address },
          body: JSON.stringify({ termo: typed }),
        })
        const got = res.ok ? ((await res.json()) as string[]) : []
        const ms = performance.now() - started
        if (!res.ok) console.error(`HTTP ${res.status} para "${typed}"`)
        const path = Array.from(prefix).length > SUGGESTION_LIST_MAX_LENGTH ? 'd1' : 'kv'
        keystrokes.push({ ms, worker: workerTiming(res.headers.get('server-timing'))?.total ?? null, path })
        checked += 1
        if (got.some((entry) => normalizeForMatch(entry) === normalizeForMatch(sample.name))) withName += 1
        const good = got.length > 0 && got.every((entry) => normalizeForMatch(entry).startsWith(prefix))
        if (!good) misses.push({ source: sample.source, name: sample.name, typed, got })
      }
    }
  }
} finally {
  worker.kill()
}

const part = (path?: 'kv' | 'd1') => keystrokes.filter((k) => !path || k.path === path)
const timing = (list: Keystroke[]): { ida_e_volta: Stats; worker: Stats } => ({
  ida_e_volta: stats(list.map((k) => k.ms)),
  worker: stats(list.flatMap((k) => (k.worker === null ? [] : [k.worker]))),
})
const recall = checked ? (checked - misses.length) / checked : 0
const result = {
  nomes: samples.length,
  porFonte: Object.fromEntries(
    ['pessoa', 'empresa', 'parte', 'membro'].map((s) => [s, samples.filter((x) => x.source === s).length]),
  ),
  digitacoes: checked,
  recall,
  comONomeNaLista: checked ? withName / checked : 0,
  falhas: misses.slice(0, 20),
  tempos: { todas: timing(part()), kv: timing(part('kv')), d1: timing(part('d1')) },
  partesSemPessoaOuEmpresa: unlinkedParties,
}
const line = (label: string, t: { ida_e_volta: Stats; worker: Stats }) =>
  `${label}: ${t.ida_e_volta.n} digitações; ida e volta p50 ${t.ida_e_volta.p50} ms, p95 ${t.ida_e_volta.p95} ms; ` +
  `Worker (Server-Timing total) p50 ${t.worker.p50} ms, p95 ${t.worker.p95} ms`
console.log(
  `\n${samples.length} nomes (${JSON.stringify(result.porFonte)}), ${checked} digitações de 3 a 12 caracteres`,
)
console.log(
  `recall (lista não vazia e tudo começa com o digitado): ${(recall * 100).toFixed(2)} % ` +
    `(${misses.length} falhas) ${recall === 1 ? 'OK' : 'FALHOU'}`,
)
console.log(
  `o próprio nome entre as 10 sugestões: ${(result.comONomeNaLista * 100).toFixed(1)} % das digitações`,
)
console.log(line('todas', result.tempos.todas))
console.log(line('listas KV (3–5)', result.tempos.kv))
console.log(line('D1 (6–12)', result.tempos.d1))
for (const miss of misses.slice(0, 10)) console.log(`falha: ${miss.source} "${miss.name}" ← "${miss.typed}"`)
if (unlinkedParties.length)
  console.log(
    `partes sem pessoa nem empresa (não são fonte): ${unlinkedParties.map((p) => `${p.name} (${p.rows})`).join(', ')}`,
  )
mkdirSync('bench-results', { recursive: true })
const file = `bench-results/suggestions-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
writeFileSync(file, JSON.stringify(result, null, 2))
console.log(`resultado em ${file}`)
