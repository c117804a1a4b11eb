import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { createCorpus } from '~/domain/corpus/shards.server'
import { ftsSearch } from '~/domain/search/fts.server'
import { parseQuery, toMatchExpression } from '~/domain/search/query'
import { newestPeriodFirst } from '~/domain/search/shard-newest.server'
import { onceUnlisted } from '~/domain/search/shard-rows.server'
import { finderFor } from '~/domain/search/shard-search.server'
import { answered } from './answered-d1'

// decisions/0108: "Mais recentes" over databases that each hold a period of case law asks the
// newest for the page and the others for their counts only, and the page and count are still
// one database's. Three bindings hold a period each (CORPUS_1 the oldest), the fourth all of it.

const BINDINGS = ['CORPUS_1', 'CORPUS_2', 'CORPUS_3'] as const
const PERIODS = [
  { from: '', to: '2023-01-01', year: 2022 },
  { from: '2023-01-01', to: '2024-01-01', year: 2023 },
  { from: '2024-01-01', to: '~', year: 2024 },
] as const
const PER_SHARD = 60

const mapOf = (periods: readonly { from: string; to: string }[]): ShardMap => ({
  version: 1,
  entries: periods.map((period, i) => ({
    shard: i + 1,
    family: 'jurisprudencia:',
    from: period.from,
    to: period.to,
    idFrom: (i + 1) * SHARD_SPAN,
    idTo: (i + 2) * SHARD_SPAN,
    binding: BINDINGS[i] as string,
  })),
})

/**
 * `PER_SHARD` decisions in a period: all say "periodico", many on one day (ties go by id); the
 * two older periods say "antigo"; the newest period says "escasso" three times, the older ones
 * often.
 */
async function fill(db: Database, shard: number) {
  const year = PERIODS[shard]?.year as number
  await db.run(
    sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PER_SHARD})
      INSERT INTO decisions (id, external_id, court, class_name, number, published_at, summary, checksum, imported_at)
      SELECT ${(shard + 1) * SHARD_SPAN} + i, ${`periods:${year}:`} || i, 'TJSP', 'Acórdão', ${`${year}-`} || i,
        printf('%d-%02d-%02d', ${year}, 1 + i % 12, 1 + i % 5),
        'decisão periodico ' || CASE WHEN ${year} < 2024 THEN 'antigo ' ELSE '' END
          || CASE WHEN (${year} < 2024 AND i % 2 = 0) OR (${year} = 2024 AND i <= 3) THEN 'escasso ' ELSE '' END,
        'x', '2026-01-01T00:00:00Z'
      FROM n`,
  )
}

/** A binding's database, with the rows each of its answers held. */
function counted(binding: string) {
  const answers: number[] = []
  return { db: createDb(answered(env[binding as 'CORPUS_1'], (rows) => answers.push(rows))), answers }
}

const expressionOf = (q: string) => toMatchExpression(parseQuery(q)) as string
const ATTACH = { select: sql``, join: sql`` }
const NEWEST = { limit: 10, offset: 0, snippetColumn: null, order: 'recentes' as const }

/** "Mais recentes" over the three period databases, each one's answers kept. */
async function across(q: string, options = NEWEST, map = mapOf(PERIODS)) {
  const opened = BINDINGS.map(counted)
  const corpus = createCorpus(
    async () => map,
    (binding) => opened[BINDINGS.indexOf(binding as (typeof BINDINGS)[number])]?.db as Database,
  )
  const shards = await corpus.shardsFor({ families: ['jurisprudencia:'] })
  expect(shards.length).toBe(3)
  const primary = createDb(env.DB)
  const find = finderFor({ db: primary, corpus }, shards, shards, onceUnlisted(primary))
  const found = await find('decisions', expressionOf(q), options, ATTACH)
  return { found, answers: opened.map((o) => o.answers) }
}

const oneDatabase = (q: string, options = NEWEST) =>
  ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf(q), options)

describe('"Mais recentes" asks the newest period first (decisions/0108)', () => {
  beforeAll(async () => {
    for (const [i, binding] of BINDINGS.entries()) {
      await fill(createDb(env[binding]), i)
      await fill(createDb(env.CORPUS_4), i)
    }
  })

  it('a page the newest period fills: the older ones only count, and the page and count are one database’s', async () => {
    const expected = await oneDatabase('periodico')
    expect(expected.total).toBe(PER_SHARD * 3)
    const { found, answers } = await across('periodico')
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(found.total).toBe(expected.total)
    // Every row of the page is the newest period's; the older databases answered one count each.
    for (const hit of found.hits) expect(hit.id).toBeGreaterThanOrEqual(3 * SHARD_SPAN)
    expect(answers[0]).toEqual([1])
    expect(answers[1]).toEqual([1])
  })

  it('a later page the newest period still fills', async () => {
    const page3 = { ...NEWEST, offset: 20 }
    const expected = await oneDatabase('periodico', page3)
    const { found, answers } = await across('periodico', page3)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(found.total).toBe(expected.total)
    expect(answers[0]).toEqual([1])
  })

  it('a page past the newest period’s rows reads the older periods too', async () => {
    // The newest period holds 60: the seventh page of ten is the 2023 period's.
    const page7 = { ...NEWEST, offset: 60 }
    const expected = await oneDatabase('periodico', page7)
    expect(expected.hits.length).toBe(10)
    const { found } = await across('periodico', page7)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(found.total).toBe(expected.total)
  })

  it('a word the newest period lacks, or holds too few of, is read from the older periods', async () => {
    for (const q of ['antigo', 'escasso']) {
      const expected = await oneDatabase(q)
      expect(expected.hits.length).toBe(10)
      const { found, answers } = await across(q)
      expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
      expect(found.total).toBe(expected.total)
      // The 2023 period was asked for its rows, not only its count.
      expect(answers[1]?.some((rows) => rows > 1)).toBe(true)
    }
  })

  it('an older period past its share of the cap is counted on once, and the count is one database’s (decisions/0109)', async () => {
    // "volumoso": 20 in the newest period (the page), 4,000 in 2023's. Each older period counts
    // first to its share of the cap (3,334): 2023's count is a floor, and with the others' it
    // leaves the total unknown, so 2023 is counted on, as far as the others leave under the cap.
    const insert = (shard: number, n: number, year: number) =>
      sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
        INSERT INTO decisions (id, external_id, court, class_name, number, published_at, summary, checksum, imported_at)
        SELECT ${(shard + 1) * SHARD_SPAN + 10_000} + i, ${`periods:volumoso:${year}:`} || i, 'TJSP', 'Acórdão',
          ${`v${year}-`} || i, printf('%d-%02d-%02d', ${year}, 1 + i % 12, 1 + i % 28), 'volumoso', 'x',
          '2026-01-01T00:00:00Z'
        FROM n`
    for (const [shard, n, year] of [
      [2, 20, 2024],
      [1, 4_000, 2023],
    ] as const) {
      await createDb(env[BINDINGS[shard]]).run(insert(shard, n, year))
      await createDb(env.CORPUS_4).run(insert(shard, n, year))
    }
    const expected = await oneDatabase('volumoso')
    expect(expected.total).toBe(4_020)
    const { found, answers } = await across('volumoso')
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(found.total).toBe(expected.total)
    expect(answers[0]).toEqual([1])
    expect(answers[1]).toEqual([1, 1])
  })

  it('periods that overlap in the map: every database is asked for its rows at once, as before', async () => {
    const overlapping = mapOf([PERIODS[0], { from: '2023-01-01', to: '2024-06-01' }, PERIODS[2]])
    const expected = await oneDatabase('periodico')
    const { found, answers } = await across('periodico', NEWEST, overlapping)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(answers[0]?.some((rows) => rows > 1)).toBe(true)
  })
})

describe('which databases are in period order (decisions/0108)', () => {
  const [a, b, c] = [{}, {}, {}] as unknown as Database[]
  const period = (from: string, to: string) => ({ from, to })
  it('orders disjoint periods newest first, whatever the order asked', () => {
    const periods = new Map([
      [a as Database, period('', '2023-01-01')],
      [b as Database, period('2024-01-01', '~')],
      [c as Database, period('2023-01-01', '2024-01-01')],
    ])
    expect(newestPeriodFirst([a, b, c] as Database[], periods)).toEqual([b, c, a])
  })
  it('gives none for overlapping periods, a database without a period, or one database', () => {
    const overlapping = new Map([
      [a as Database, period('', '2023-06-01')],
      [b as Database, period('2023-01-01', '~')],
    ])
    expect(newestPeriodFirst([a, b] as Database[], overlapping)).toBeNull()
    const partial = new Map([[a as Database, period('', '2023-01-01')]])
    expect(newestPeriodFirst([a, b] as Database[], partial)).toBeNull()
    expect(newestPeriodFirst([a] as Database[], partial)).toBeNull()
  })
})
