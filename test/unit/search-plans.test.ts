import { env } from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { createCorpus } from '~/domain/corpus/shards.server'
import { refreshCommonTerms, SCORING_COST } from '~/domain/search/common-terms.server'
import { refreshPartyImpacts } from '~/domain/search/party-impacts.server'
import { readSearchRequest } from '~/domain/search/request'
import { search } from '~/domain/search/search.server'
import { generateCorpus } from '~/fixtures/corpus'
import { createPlacer } from '~/fixtures/corpus/place'
import { type Captured, capturing, namesOf, type PlanRow, planProblems, planSummary } from './search-plans'

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
// (Runs in a database of its own: it seeds the demo corpus twice.)

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
        async () => SPREAD,
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
/**
 * Every category but legislation over two databases, so the search across shards runs its
 * rounds (statistics, candidates, the page's rows), not one shard's own statement. The two
 * copies do not meet: this map names no primary entry, and one database is the primary alone.
 */
const SPREAD: ShardMap = {
  version: 1,
  entries: (
    [
      [1, 'dou', '', '~', 'CORPUS_1'],
      [2, 'diario:', '', '~', 'CORPUS_2'],
      [3, 'processo:', '', '~', 'CORPUS_3'],
      [4, 'processo:8.26', '', '~', 'CORPUS_2'],
      [5, 'jurisprudencia:', '', '~', 'CORPUS_3'],
      [6, 'jurisprudencia:stj', '', '~', 'CORPUS_4'],
      [7, 'legislacao', '', '~', 'CORPUS_3'],
      [8, 'entidades', '', '80', 'CORPUS_4'],
      [9, 'entidades', '80', '~', 'CORPUS_1'],
    ] as const
  ).map(([shard, family, from, to, binding]) => ({
    shard,
    family,
    from,
    to,
    idFrom: shard * SHARD_SPAN,
    idTo: (shard + 1) * SHARD_SPAN,
    binding,
  })),
}

/** A word past COUNT_CAP in case law, and under it in each of its two shards (decisions/0086). */
const COMMON = 'comumplano'
const PER_SHARD = 5_100
/** `PER_SHARD` decisions saying COMMON, from id `from`, of a court, over two years of dates. */
async function fillCommon(binding: string, from: number, court: string) {
  await d1(binding)
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PER_SHARD})
      INSERT INTO decisions (id, external_id, court, class_name, number, published_at, summary, checksum, imported_at)
      SELECT ${from} + i, 'plans:${court}:' || i, '${court}', 'Acórdão', '${court}-' || i,
        printf('%d-%02d-%02d', 2024 + i % 2, 1 + i % 12, 1 + i % 28),
        'decisão ${COMMON} ' || substr('recurso especial apelação cível execução fiscal', 1, 1 + (i * 7) % 40), 'x', 0
      FROM n`,
    )
    .run()
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
  // A common word beside a rarer one: scored without its walk (decisions/0110).
  ['d common word', { qo: 'd', q: 'nomear de' }],
  ['d uf', { qo: 'd', q: 'de', filtro: '1', uf: 'SP' }],
  ['d uf period', { qo: 'd', q: 'de', filtro: '1', uf: ['RJ', 'MG'], de: '2026-01-01', ate: '2026-06-30' }],
  ['d diario', { qo: 'd', q: 'de', filtro: '1', diario: 'dou' }],
  ['d caderno', { qo: 'd', q: 'de', filtro: '1', caderno: 'secao-1' }],
  ['d recentes', { qo: 'd', q: 'de', filtro: '1', ordem: 'recentes' }],
  ['d recentes uf', { qo: 'd', q: 'de', filtro: '1', ordem: 'recentes', uf: 'SP' }],
  ['en', { qo: 'en', q: 'silva' }],
  // Two words must match within one party: counted through the parties (lawsuit-count.server.ts).
  ['en two words', { qo: 'en', q: 'maria silva' }],
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
  ['jr past COUNT_CAP', { qo: 'jr', q: COMMON }],
  ['jr past COUNT_CAP tribunal', { qo: 'jr', q: COMMON, filtro: '1', tribunal: 'STJ' }],
  ['jr past COUNT_CAP recentes', { qo: 'jr', q: COMMON, filtro: '1', ordem: 'recentes' }],
  ['t past COUNT_CAP', { qo: 't', q: COMMON }],
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

/**
 * Each shape's first-page totals and result titles per layout: the same documents, so the same
 * counts (the lawsuits' count included: decisions/0094, 0104) and the same titles on the page
 * (a relevance tie is broken by id too, but the demo's scores seldom tie at a page's edge).
 */
const outcomes: Record<string, Record<string, unknown>> = { one: {}, spread: {} }

async function check(layout: 'one' | 'spread', name: string, shape: Record<string, string | string[]>) {
  const first = await plansOf(layout === 'spread', params(shape))
  ;(outcomes[layout] as Record<string, unknown>)[name] = first.outcome.sections.map((section) => ({
    category: section.category,
    total: section.total,
    // "Mais recentes" breaks a day's ties by id, and the two placements number documents apart.
    titles: shape.ordem === 'recentes' ? null : section.results.map((r) => r.title).sort(),
  }))
  const pages = [{ page: 'page 1', ...first }]
  const results = first.outcome.sections[0]?.results.length ?? 0
  if (shape.qo !== 't' && results > 0) {
    // The next page: by page number on one database, by the page's cursor across shards.
    const next: Record<string, string> = first.outcome.next
      ? { page: '2', cursor: first.outcome.next }
      : { page: '2' }
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
  const cost = { ...SCORING_COST }
  afterAll(() => Object.assign(SCORING_COST, cost))
  beforeAll(async () => {
    await seedDemo(ONE_DATABASE)
    await seedDemo(SPREAD)
    await fillCommon('DB', 2 ** 30, 'TJSP')
    await fillCommon('DB', 2 ** 30 + PER_SHARD, 'STJ')
    await fillCommon('CORPUS_3', 5 * SHARD_SPAN + 2 ** 30, 'TJSP')
    await fillCommon('CORPUS_4', 6 * SHARD_SPAN + 2 ** 30, 'STJ')
    for (const binding of ['DB', 'CORPUS_1', 'CORPUS_2', 'CORPUS_3', 'CORPUS_4']) {
      await refreshCommonTerms(createDb(d1(binding)))
      // The parties' impacts as the seed leaves them, so a party's name is ranked by them (0111).
      await refreshPartyImpacts(createDb(d1(binding)))
    }
    // The demo's indexes are small, where the walk is cheaper: the scoring's statements are
    // pinned all the same (decisions/0110).
    Object.assign(SCORING_COST, { fixedRows: 0, rowsPerMatch: 0 })
    const { results } = await d1('DB')
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'`)
      .all<{ name: string }>()
    tables = new Set(results.map((r) => r.name))
  }, 300_000)

  for (const [name, shape] of SHAPES) {
    it(`one database: ${name}`, () => check('one', name, shape), 60_000)
    it(`spread over the corpus databases: ${name}`, () => check('spread', name, shape), 60_000)
  }

  it('one database and the spread find and count the same for every shape', () => {
    expect(Object.keys(outcomes.spread ?? {})).toHaveLength(SHAPES.length)
    expect(outcomes.spread).toEqual(outcomes.one)
  })
})
