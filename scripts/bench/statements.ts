import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { createDb } from '../../app/db/client.server'
import { singleDatabaseCorpus } from '../../app/domain/corpus/shards.server'
import { readSearchRequest } from '../../app/domain/search/request'
import { search } from '../../app/domain/search/search.server'
import { todayIso } from '../../app/lib/dates'
import { memoryKv, nodeD1 } from './node-d1'
import { buildQueryMix, toSearchParams } from './queries'

/**
 * `npm run bench -- statements [class,…] [--query TEXT] [--explain MS]` (issue 42): where each
 * query of the mix spends its time on one database, statement by statement (the median run of
 * five, in the process), and the plan of every statement slower than MS. What the class tables
 * cannot say: which statement of a slow query to look at. Reads the built 1,000,000 corpus.
 */
type Sent = { sql: string; params: SQLInputValue[]; ms: number }

/** The bench's node:sqlite D1 with every statement's SQL, parameters and time recorded. */
function recorded(sqlite: DatabaseSync, log: Sent[]): D1Database {
  const d1 = nodeD1(sqlite)
  type Statement = ReturnType<D1Database['prepare']>
  const wrap = (statement: Statement, query: string, params: SQLInputValue[]): Statement => {
    const timed =
      <T>(work: () => Promise<T>) =>
      async () => {
        const started = performance.now()
        const result = await work()
        log.push({ sql: query, params, ms: performance.now() - started })
        return result
      }
    return {
      ...statement,
      bind: (...values: unknown[]) => wrap(statement.bind(...values), query, values as SQLInputValue[]),
      all: timed(() => statement.all()),
      raw: timed(() => statement.raw()),
      first: statement.first.bind(statement),
      run: statement.run.bind(statement),
    } as Statement
  }
  const prepare = (query: string) => wrap(d1.prepare(query), query, [])
  return {
    ...d1,
    prepare,
    withSession: () => ({ prepare, batch: d1.batch, getBookmark: () => null }),
  } as unknown as D1Database
}

export async function statementsBench(sqlite: DatabaseSync, args: string[]) {
  const value = (name: string) => {
    const i = args.indexOf(`--${name}`)
    return i >= 0 ? args[i + 1] : undefined
  }
  const only = args[0] && !args[0].startsWith('--') ? args[0].split(',') : null
  const pick = value('query')
  const explainPast = Number(value('explain') ?? Number.POSITIVE_INFINITY)
  const log: Sent[] = []
  const db = createDb(recorded(sqlite, log))
  const deps = { db, corpus: singleDatabaseCorpus(db), suggestions: memoryKv() }
  const { classes } = buildQueryMix(sqlite)
  const today = todayIso()
  for (const c of classes) {
    if (only && !only.includes(c.name)) continue
    for (const query of c.queries) {
      const params = toSearchParams(query)
      if (pick && !String(params).includes(pick)) continue
      const runs: { ms: number; sent: Sent[] }[] = []
      for (let i = 0; i < 5; i++) {
        log.length = 0
        const started = performance.now()
        await search(deps, readSearchRequest(params, today))
        runs.push({ ms: performance.now() - started, sent: [...log] })
      }
      const median = [...runs].sort((a, b) => a.ms - b.ms)[2] as (typeof runs)[number]
      console.log(`${c.name}\t${params}\tmediana ${median.ms.toFixed(1)} ms`)
      for (const s of median.sent) {
        console.log(`  ${s.ms.toFixed(1).padStart(7)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 150)}`)
        if (s.ms <= explainPast) continue
        const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all(...s.params) as { detail: string }[]
        for (const row of plan) console.log(`             ${row.detail}`)
      }
    }
  }
}
