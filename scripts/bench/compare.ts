import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Stats } from './common'

/**
 * `npm run bench -- --compare FILE` (issue 42): this run against a saved one, class by class and
 * query by query, so a change to search is judged against yesterday, not only against targets.
 * `npm run bench -- compare OLD NEW` compares two saved results without running anything.
 * Ratios are now / before: above 1 is slower. On a shared machine read the medians' ratios, and
 * measure the baseline and the change back to back (README "Benchmark").
 */

/** What a saved result (bench-results/busca-*.json, or `--save FILE`) holds that is compared. */
export type SavedResult = {
  scale: number
  rounds: number
  commit?: string
  rows: { class: string; http?: Stats | null; inProcess: Stats }[]
  perQuery: { query: string; httpP50?: number | null; inProcessP50: number }[]
}

export function readResult(file: string): SavedResult {
  const result = JSON.parse(readFileSync(file, 'utf8')) as SavedResult
  if (!Array.isArray(result.rows) || !Array.isArray(result.perQuery))
    throw new Error(`bench: ${file} não é um resultado de \`npm run bench\` (sem rows/perQuery).`)
  return result
}

const ratio = (now: number | null | undefined, before: number | null | undefined) =>
  now && before ? Math.round((now / before) * 100) / 100 : null

/** The comparison as printable tables: per class (b, and a when both runs have it), and the queries that moved most. */
export function compareResults(before: SavedResult, now: SavedResult, top = 8) {
  const classes = now.rows.map((row) => {
    const old = before.rows.find((r) => r.class === row.class)
    return {
      classe: row.class,
      'b p50 antes': old?.inProcess.p50 ?? '—',
      'b p50 agora': row.inProcess.p50,
      'b p50 ×': ratio(row.inProcess.p50, old?.inProcess.p50) ?? '—',
      'b p95 antes': old?.inProcess.p95 ?? '—',
      'b p95 agora': row.inProcess.p95,
      'b p95 ×': ratio(row.inProcess.p95, old?.inProcess.p95) ?? '—',
      'a p95 ×': ratio(row.http?.p95, old?.http?.p95) ?? '—',
    }
  })
  const queries = now.perQuery
    .flatMap((q) => {
      const old = before.perQuery.find((o) => o.query === q.query)
      const r = ratio(q.inProcessP50, old?.inProcessP50)
      return old && r
        ? [{ consulta: q.query, 'b p50 antes': old.inProcessP50, 'b p50 agora': q.inProcessP50, '×': r }]
        : []
    })
    // The most moved either way: a query twice as fast matters as much as one twice as slow.
    .sort((a, b) => Math.abs(Math.log(b['×'])) - Math.abs(Math.log(a['×'])))
    .slice(0, top)
  const missing = before.perQuery.filter((o) => !now.perQuery.some((q) => q.query === o.query)).length
  return { classes, queries, missing }
}

export function printComparison(before: SavedResult, now: SavedResult, label: string) {
  const { classes, queries, missing } = compareResults(before, now)
  if (before.scale !== now.scale || before.rounds !== now.rounds)
    console.log(
      `atenção: comparando ${before.scale} documentos/${before.rounds} rodadas com ${now.scale}/${now.rounds}.`,
    )
  console.log(
    `\ncomparado com ${label} (× = agora / antes; acima de 1 é mais lento; b = no processo, a = HTTP):`,
  )
  console.table(classes)
  console.log('consultas que mais mudaram (mediana no processo, ms):')
  console.table(queries)
  if (missing)
    console.log(`${missing} consultas do resultado salvo não estão nesta rodada (a mistura mudou).`)
}

/** A result as the bench writes it: what is compared, and whatever else the run measured. */
export type BenchResult = SavedResult & Record<string, unknown>

/** The commit measured (and whether app/ or migrations/ had changes), so a baseline says what it was. */
export function commitOf(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'app', 'migrations'], {
    encoding: 'utf8',
  }).stdout.trim()
  return dirty ? `${head}+mudanças` : head
}

/**
 * Writes a run's result to bench-results/ (and `--save FILE`), prints the in-process table when
 * HTTP was not measured, and compares it with `--compare FILE`'s baseline.
 */
export function writeResult(
  result: BenchResult,
  options: {
    save: string | null
    compare: string | null
    baseline: SavedResult | null
    inProcessOnly: boolean
    scale: number
    rounds: number
  },
) {
  if (options.inProcessOnly) {
    console.log(
      `\nbusca, ${options.scale.toLocaleString('pt-BR')} documentos, ${options.rounds} rodadas, só no processo (ms)`,
    )
    console.table(
      result.rows.map((r) => ({
        classe: r.class,
        'b p50': r.inProcess.p50,
        'b p95': r.inProcess.p95,
        'b p99': r.inProcess.p99,
      })),
    )
  }
  mkdirSync('bench-results', { recursive: true })
  const out = join('bench-results', `busca-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  const json = JSON.stringify(result, null, 2)
  writeFileSync(out, json)
  console.log(`bench: resultados em ${out}`)
  if (options.save) {
    mkdirSync(dirname(options.save), { recursive: true })
    writeFileSync(options.save, json)
    console.log(`bench: linha de base salva em ${options.save}`)
  }
  if (options.baseline && options.compare) printComparison(options.baseline, result, options.compare)
}

/** `npm run bench -- compare OLD NEW`: two saved results, nothing run. */
export async function compareFiles([before, now]: string[]) {
  if (!before || !now) throw new Error('uso: npm run bench -- compare ANTES.json AGORA.json')
  printComparison(readResult(before), readResult(now), before)
}
