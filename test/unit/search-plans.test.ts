import { env } from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { createCorpus, loadShardMap } from '~/domain/corpus/shards.server'
import { readSearchRequest } from '~/domain/search/request'
import { search } from '~/domain/search/search.server'
import { generateCorpus } from '~/fixtures/corpus'
import { createPlacer } from '~/fixtures/corpus/place'
import { type Captured, capturing, namesOf, type PlanRow, planProblems, planSummary } from './search-plans'
import { forgetSpread, publishSpread } from './spread-map'

// Issue 42's guard: search got 5× slower in a turn and no test noticed. Query plans do not depend
// on the machine's load, so this test cannot be noisy. Every statement the real search code sends
// (captured at the D1 binding, not copied here) for each category, with and without each of its
// filters, the first page and the next by page number and by cursor, on one database and on the
// spread map, is run again as `EXPLAIN QUERY PLAN` on the database that answered it, and:
// - no statement reads a whole table (a `SCAN` of a stored table) or an FTS table without its
//   MATCH or rowid (planProblems);
// - each search's access paths (which index answers each table, where a temp B-tree sorts) are the
//   ones it was designed with, pinned in the snapshot (__snapshots__/search-plans.test.ts.snap):
//   a change there is deliberate (`-u`, the diff read), with the bench compared before and after
//   (README "Benchmark").
// (Runs in a database of its own: it seeds the demo corpus twice and publishes a spread map.)

const SCALE = 600
const SEED = 20261121
const TODAY = '2026-11-28'
const d1 = (binding: string) => (env as unknown as Record<string, D1Database>)[binding] as D1Database

/** The demo corpus placed by `map`, as `npm run seed` writes it (shards-privacy-seed's way). */
async function seedDemo(map: ShardMap) {
  const place = createPlacer(map)
  for (const batch of generateCorpus({ seed: SEED, scale: SCALE }))
    for (const placed of place(batch)) {
      const columns = Object.keys(placed.rows[0] ?? {})
      if (!columns.length) continue
      const insert = `INSERT OR IGNORE INTO ${placed.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
      const db = d1(placed.binding)
      const statements = placed.rows.map((row) =>
        db.prepare(insert).bind(...columns.map((c) => (row as Record<string, unknown>)[c] ?? null)),
      )
      for (let i = 0; i < statements.length; i += 200) await db.batch(statements.slice(i, i + 200))
    }
}

/** A search's deps whose every statement, on every binding, is captured with its parameters. */
function capturedDeps(captured: Captured[], spread: boolean) {
  const open = (binding: string) => createDb(capturing(d1(binding), binding, captured))
  const db = open('DB')
  const corpus = spread
    ? createCorpus(
        () => loadShardMap(env.PAGE_VERSIONS),
        (binding) => (binding === 'DB' ? db : open(binding)),
      )
    : createCorpus(
        async () => ONE_DATABASE,
        () => db,
      )
  return { db, corpus, suggestions: env.SUGGESTIONS }
}
const ONE_DATABASE: ShardMap = {
  version: 0,
  entries: [{ shard: 0, family: '*', from: '', to: '~', idFrom: 0, idTo: SHARD_SPAN, binding: 'DB' }],
}

/** Every search shape: each category, with and without each of its filters. */
const SHAPES: [string, Record<string, string | string[]>][] = [
  ['t', { qo: 't', q: 'silva' }],
  ['p', { qo: 'p', q: 'silva' }],
  ['p uf', { qo: 'p', q: 'silva', filtro: '1', uf: 'SP' }],
  ['p cidade', { qo: 'p', q: 'silva', filtro: '1', cidade: 'sao-paulo' }],
  ['i', { qo: 'i', q: 'comercio' }],
  ['i uf', { qo: 'i', q: 'comercio', filtro: '1', uf: ['SP', 'RJ'] }],
  ['d', { qo: 'd', q: 'de' }],
  ['d rare', { qo: 'd', q: 'nomear' }],
  ['d uf', { qo: 'd', q: 'de', filtro: '1', uf: 'SP' }],
  ['d uf period', { qo: 'd', q: 'de', filtro: '1', uf: ['RJ', 'MG'], de: '2026-01-01', ate: '2026-06-30' }],
  ['d diario', { qo: 'd', q: 'de', filtro: '1', diario: 'dou' }],
  ['d caderno', { qo: 'd', q: 'de', filtro: '1', caderno: 'secao-1' }],
  ['d recentes', { qo: 'd', q: 'de', filtro: '1', ordem: 'recentes' }],
  ['d recentes uf', { qo: 'd', q: 'de', filtro: '1', ordem: 'recentes', uf: 'SP' }],
  ['en', { qo: 'en', q: 'silva' }],
  ['en tribunal', { qo: 'en', q: 'silva', filtro: '1', tribunal: ['TJSP', 'TJRJ'] }],
  ['en tipo', { qo: 'en', q: 'silva', filtro: '1', tipo: '7' }],
  ['en uf', { qo: 'en', q: 'silva', filtro: '1', uf: 'SP' }],
  ['en period', { qo: 'en', q: 'silva', filtro: '1', de: '2020-01-01' }],
  ['en recentes', { qo: 'en', q: 'silva', filtro: '1', ordem: 'recentes' }],
  ['jr', { qo: 'jr', q: 'dano moral' }],
  ['jr tribunal', { qo: 'jr', q: 'dano moral', filtro: '1', tribunal: 'TJMG', de: '2022-01-01' }],
  ['jr recentes', { qo: 'jr', q: 'recurso', filtro: '1', ordem: 'recentes' }],
  ['leis', { qo: 'leis', q: 'servidor' }],
  ['leis especie', { qo: 'leis', q: 'servidor', filtro: '1', especie: 'lei', de: '2000-01-01' }],
  ['leis recentes', { qo: 'leis', q: 'servidor', filtro: '1', ordem: 'recentes' }],
  ['nothing found', { qo: 'd', q: 'xyzzyq' }],
]

const params = (shape: Record<string, string | string[]>, extra: Record<string, string> = {}) => {
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries({ ...shape, ...extra }))
    for (const v of Array.isArray(value) ? value : [value]) out.append(key, v)
  return out
}

/** The plans of one search (the second run: the filter options are then in KV, as in production). */
async function plansOf(spread: boolean, query: URLSearchParams) {
  await search(capturedDeps([], spread), readSearchRequest(query, TODAY))
  const captured: Captured[] = []
  const outcome = await search(capturedDeps(captured, spread), readSearchRequest(query, TODAY))
  const plans: { sql: string; binding: string; rows: PlanRow[]; names: Map<string, string> }[] = []
  for (const statement of captured) {
    const { results } = await d1(statement.binding)
      .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<PlanRow>()
    plans.push({ ...statement, rows: results, names: namesOf(statement.sql, tables) })
  }
  return { outcome, plans }
}

/** The schema's stored tables (every database has the same): what a `SCAN` must not read whole. */
let tables: ReadonlySet<string> = new Set()

async function check(layout: 'one' | 'spread', name: string, shape: Record<string, string | string[]>) {
  const first = await plansOf(layout === 'spread', params(shape))
  const pages = [{ page: 'page 1', ...first }]
  const results = first.outcome.sections[0]?.results.length ?? 0
  if (shape.qo !== 't' && results > 0) {
    // The next page: by page number on one database, by the page's cursor across shards.
    const next = first.outcome.next ? { page: '2', cursor: first.outcome.next } : { page: '2' }
    pages.push({
      page: first.outcome.next ? 'page 2 by cursor' : 'page 2',
      ...(await plansOf(layout === 'spread', params(shape, next))),
    })
  }
  for (const { page, plans } of pages) {
    expect(plans.length, `${layout} ${name} ${page}: no statement captured`).toBeGreaterThan(0)
    for (const plan of plans)
      expect(
        planProblems(plan.rows, plan.names),
        `${layout} ${name} ${page} on ${plan.binding}:\n${plan.sql}`,
      ).toEqual([])
    expect(planSummary(plans)).toMatchSnapshot(page)
  }
}

describe('every search statement keeps its index (issue 42)', () => {
  beforeAll(async () => {
    await seedDemo(ONE_DATABASE)
    await seedDemo(await publishSpread())
    const { results } = await d1('DB')
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'`)
      .all<{ name: string }>()
    tables = new Set(results.map((r) => r.name))
  }, 300_000)
  afterAll(forgetSpread)

  for (const [name, shape] of SHAPES) {
    it(`one database: ${name}`, () => check('one', name, shape), 60_000)
    it(`spread over the corpus databases: ${name}`, () => check('spread', name, shape), 60_000)
  }
})
