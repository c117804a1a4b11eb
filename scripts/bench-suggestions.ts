/**
 * Measures the suggestion rebuild on a local database with the production limits (decisions/0013):
 * the bootstrap from an empty weight table, a run with nothing changed, and a run after an import.
 * It clears the suggestion state of that database first, so use a copy made for measuring:
 *
 *   npx wrangler d1 migrations apply DB --local --persist-to /tmp/sugg-big
 *   npm run seed -- --scale 300000 --persist-to /tmp/sugg-big
 *   npx tsx scripts/bench-suggestions.ts --persist-to /tmp/sugg-big
 *
 * Rows read and written are D1's own counters (`meta.rows_read`, `meta.rows_written`).
 */
import { getPlatformProxy } from 'wrangler'
import { createDb } from '../app/db/client.server'
import { type RebuildReport, rebuildSuggestions } from '../app/domain/suggestions/suggestions.server'

const index = process.argv.indexOf('--persist-to')
const persistTo = index >= 0 ? (process.argv[index + 1] ?? '') : ''
if (!persistTo) throw new Error('use --persist-to <pasta de um banco local para medir>')

type Tally = { queries: number; rowsRead: number; rowsWritten: number; kvWrites: number }
const tally: Tally = { queries: 0, rowsRead: 0, rowsWritten: 0, kvWrites: 0 }
const count = (meta: { rows_read?: number; rows_written?: number } | undefined, query = '') => {
  if (process.env.BENCH_DEBUG)
    console.log(meta?.rows_read, meta?.rows_written, query.slice(0, 90).replace(/\s+/g, ' '))
  tally.queries += 1
  tally.rowsRead += meta?.rows_read ?? 0
  tally.rowsWritten += meta?.rows_written ?? 0
}

/** D1 with its per-query counters summed into `tally`. */
function countingD1(d1: D1Database): D1Database {
  const statement = (stmt: D1PreparedStatement, query: string): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, property) {
        if (property === 'bind') return (...args: unknown[]) => statement(target.bind(...args), query)
        if (property === 'all' || property === 'run')
          return async () => {
            const result = await target.all()
            count(result.meta, query)
            return result
          }
        if (property === 'raw')
          return async () => {
            const result = await target.all<Record<string, unknown>>()
            count(result.meta, query)
            return result.results.map((row) => Object.values(row))
          }
        if (property === 'first')
          return async (column?: string) => {
            const result = await target.all<Record<string, unknown>>()
            count(result.meta)
            const row = result.results[0] ?? null
            return column && row ? row[column] : row
          }
        return Reflect.get(target, property)
      },
    })
  return new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare') return (query: string) => statement(target.prepare(query), query)
      if (property === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements)
          for (const result of results) count(result.meta)
          return results
        }
      return Reflect.get(target, property)
    },
  })
}

const { env, dispose } = await getPlatformProxy<Env>({ persist: { path: `${persistTo}/v3` } })
try {
  const db = createDb(countingD1(env.DB))
  const kv = env.SUGGESTIONS
  const suggestions = new Proxy(kv, {
    get(target, property) {
      if (property === 'put' || property === 'delete') tally.kvWrites += 1
      const value = Reflect.get(target, property)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const deps = { db, suggestions, now: () => new Date() }
  const run = async (label: string) => {
    Object.assign(tally, { queries: 0, rowsRead: 0, rowsWritten: 0, kvWrites: 0 })
    const started = performance.now()
    const report: RebuildReport = await rebuildSuggestions(deps)
    const ms = performance.now() - started
    console.log(label, JSON.stringify({ ms: Math.round(ms), ...tally, ...report }))
    return { ms, report, ...tally }
  }

  await env.DB.exec(
    [
      'DELETE FROM suggestion_names;',
      'DELETE FROM suggestion_dirty_prefixes;',
      'DELETE FROM suggestion_cursors;',
      // Popular searches: a fifth of the people's names, searched 1 to 10 times.
      "INSERT OR REPLACE INTO search_terms SELECT lower(name), name, abs(random()) % 10 + 1, date('now') FROM people WHERE id % 5 = 0 AND name GLOB '[A-Z][a-z][a-z]*';",
    ].join('\n'),
  )
  await kv.delete('manifest')
  const runs: Awaited<ReturnType<typeof run>>[] = []
  do runs.push(await run(`bootstrap ${runs.length + 1}`))
  while (!runs.at(-1)?.report.caughtUp || (runs.at(-1)?.report.pending ?? 0) > 0)
  const worst = (key: 'ms' | 'rowsRead' | 'rowsWritten' | 'kvWrites' | 'queries') =>
    Math.max(...runs.map((r) => r[key]))
  console.log(
    `bootstrap: ${runs.length} runs; worst run ${Math.round(worst('ms'))} ms, ${worst('queries')} queries, ` +
      `${worst('rowsRead')} rows read, ${worst('rowsWritten')} rows written, ${worst('kvWrites')} KV writes`,
  )
  for (let i = 1; i <= 3; i++) await run(`steady ${i}`)

  // An import: 500 new people, each a party in an existing lawsuit; 50 people renamed.
  const tag = Date.now().toString(36)
  const series = 'WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 500)'
  await env.DB.exec(
    [
      `INSERT INTO people (name, slug) ${series} SELECT 'Importada ' || value || ' ${tag}', 'importada-${tag}-' || value FROM n;`,
      `INSERT INTO parties (lawsuit_id, pole, name, person_id) ${series} SELECT (SELECT min(id) FROM lawsuits) + value, 'outros', 'Importada ${tag} ' || value, (SELECT id FROM people WHERE slug = 'importada-${tag}-' || value) FROM n;`,
      `UPDATE people SET name = name || ' Renomeada' WHERE id % 1000 = 7;`,
    ].join('\n'),
  )
  await run('after import')
  await run('after import, next')
} finally {
  await dispose()
}
