import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { DbTimer, openSession } from '~/db/d1-session.server'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { createCorpus } from '~/domain/corpus/shards.server'
import { dateRangeTokens } from '~/domain/search/facets'
import { COUNT_CAP, ftsSearch } from '~/domain/search/fts.server'
import { parseQuery, toMatchExpression } from '~/domain/search/query'
import { onceUnlisted } from '~/domain/search/shard-rows.server'
import { finderFor } from '~/domain/search/shard-search.server'
import { answered } from './answered-d1'
import { BINDINGS, COURTS, COURTS_MAP as map } from './shards-courts-fixture'

// decisions/0082: what a search across shards costs in round trips. Three corpus bindings hold
// a court's case law each (CORPUS_1…3), the fourth holds all of it (one database). Every shard
// holds fewer than COUNT_CAP matches of "comum" while all of them together hold more, so the
// search is unranked (highest ids first) though no shard alone could tell: one round trip to
// each shard for its candidates and highest ids, one for the page's rows, as one database's one.

const PER_SHARD = 3_600

/**
 * `PER_SHARD` decisions of a court, in its shard's id range: every one says "comum"; some "raro"
 * and "recurso" (up to five times), at lengths that vary, so scores seldom tie.
 */
async function fill(db: Database, shard: number) {
  const court = COURTS[shard] as string
  await db.run(
    sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PER_SHARD})
      INSERT INTO decisions (id, external_id, court, class_name, number, published_at, summary, checksum, imported_at)
      SELECT ${(shard + 1) * SHARD_SPAN} + i, ${`rounds:${court}:`} || i, ${court}, 'Acórdão', ${`${court}-`} || i,
        printf('2024-%02d-%02d', 1 + i % 12, 1 + i % 28),
        'decisão comum ' || CASE WHEN i % 7 = 0 THEN 'prazo raro ' ELSE '' END
          || substr('recurso recurso recurso recurso recurso ', 1, 8 * ((i * ${shard + 3}) % 6))
          || substr('especial apelação cível execução fiscal contrato posse dano moral', 1, 1 + (i * 7) % 60),
        'x', '2026-01-01T00:00:00Z'
      FROM n`,
  )
}

/** A binding's database whose round trips and statements are counted. */
function counted(binding: string) {
  const timer = new DbTimer()
  const session = openSession(env[binding as 'CORPUS_1'], 'first-unconstrained', timer)
  const statements = { n: 0 }
  const client = {
    prepare: (query: string) => {
      statements.n += 1
      return session.client.prepare(query)
    },
    batch: session.client.batch,
  }
  return { db: createDb(client), timer, statements }
}

const expressionOf = (q: string) => toMatchExpression(parseQuery(q)) as string
const OPTIONS = { limit: 10, offset: 0, snippetColumn: null }
const ATTACH = { select: sql``, join: sql`` }

describe('a search across shards in as few round trips as one database allows (decisions/0082)', () => {
  beforeAll(async () => {
    for (const [i, binding] of BINDINGS.entries()) {
      await fill(createDb(env[binding]), i)
      await fill(createDb(env.CORPUS_4), i)
    }
  })

  /** The search over the three shards, each shard's round trips counted. */
  async function across(q: string, clauses: string[][] = []) {
    const opened = BINDINGS.map(counted)
    const corpus = createCorpus(
      async () => map,
      (binding) => opened[BINDINGS.indexOf(binding as (typeof BINDINGS)[number])]?.db as Database,
    )
    const shards = await corpus.shardsFor({ families: ['jurisprudencia:'] })
    const primary = createDb(env.DB)
    const find = finderFor({ db: primary, corpus }, shards, shards, onceUnlisted(primary))
    const found = await find('decisions', expressionOf(q), { ...OPTIONS, clauses }, ATTACH)
    return { found, calls: opened.map((o) => o.timer.calls), statements: opened.map((o) => o.statements.n) }
  }

  it('past COUNT_CAP in all but in no one shard: the highest ids come with the first round (two round trips a shard)', async () => {
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf('comum'), OPTIONS)
    expect(expected.total).toBe(COUNT_CAP + 1)
    const { found, calls } = await across('comum')
    expect(found.total).toBe(COUNT_CAP + 1)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    // Candidates and highest ids in one batch, then the rows of the page: two round trips each
    // (the shard holding none of the page's rows, one).
    for (const n of calls) expect(n).toBeLessThanOrEqual(2)
  })

  it('past COUNT_CAP in all: no shard ranks its matches in the first round (decisions/0086)', async () => {
    // Each shard holds 3,600 of "comum", as if each of the three held as many: past the cap, so
    // none spends bm25 on every match; it sends its highest ids and its statistics only.
    const answers = BINDINGS.map(() => [] as number[])
    const opened = BINDINGS.map((binding, i) =>
      createDb(answered(env[binding], (rows) => answers[i]?.push(rows))),
    )
    const corpus = createCorpus(
      async () => map,
      (binding) => opened[BINDINGS.indexOf(binding as (typeof BINDINGS)[number])] as Database,
    )
    const shards = await corpus.shardsFor({ families: ['jurisprudencia:'] })
    const primary = createDb(env.DB)
    const find = finderFor({ db: primary, corpus }, shards, shards, onceUnlisted(primary))
    const found = await find('decisions', expressionOf('comum'), OPTIONS, ATTACH)
    expect(found.total).toBe(COUNT_CAP + 1)
    // The first answer: the window's highest ids and the statistics row, no scored candidate.
    for (const shard of answers) expect(shard[0]).toBe(OPTIONS.limit + 1)
  })

  it('past COUNT_CAP, a shard with no match is not asked again for its highest ids', async () => {
    // A fourth court's shard in the primary, which holds no decision: its first round sends an
    // empty list of highest ids, which is its whole list.
    const bindings = [...BINDINGS, 'DB'] as const
    const opened = bindings.map(counted)
    const withEmpty: ShardMap = {
      version: 1,
      entries: [
        ...map.entries,
        {
          shard: 4,
          family: 'jurisprudencia:stf',
          from: '',
          to: '~',
          idFrom: 4 * SHARD_SPAN,
          idTo: 5 * SHARD_SPAN,
          binding: 'DB',
        },
      ],
    }
    const corpus = createCorpus(
      async () => withEmpty,
      (binding) => opened[bindings.indexOf(binding as (typeof bindings)[number])]?.db as Database,
    )
    const shards = await corpus.shardsFor({ families: ['jurisprudencia:'] })
    expect(shards.length).toBe(4)
    const primary = createDb(env.DB)
    const find = finderFor({ db: primary, corpus }, shards, shards, onceUnlisted(primary))
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf('comum'), OPTIONS)
    const found = await find('decisions', expressionOf('comum'), OPTIONS, ATTACH)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(opened[3]?.timer.calls).toBe(1)
  })

  it('a wrong guess costs a round, never the page: one shard holding every match is asked again and ranks', async () => {
    // "tjsp" (in the decisions' numbers) is in the first shard only: 3,600 matches, under the
    // cap over all three, though the guess (3,600 × 3) said past it.
    const q = 'tjsp'
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf(q), OPTIONS)
    expect(expected.total).toBeGreaterThan(COUNT_CAP / 3)
    expect(expected.total).toBeLessThanOrEqual(COUNT_CAP)
    const { found, calls } = await across(q)
    expect(found.total).toBe(expected.total)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    // The first round, the full one (and more candidates as the bound asks), the page's rows;
    // the other shards, with no match, only the first.
    expect(calls[0]).toBeGreaterThanOrEqual(3)
    expect(calls.slice(1)).toEqual([1, 1])
  })

  it('two words, ranked: statistics, candidates and each word’s score in one statement, the rows in one more', async () => {
    const q = 'raro recurso'
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf(q), OPTIONS)
    expect(expected.total).toBeGreaterThan(10)
    expect(expected.total).toBeLessThanOrEqual(COUNT_CAP)
    const { found, statements } = await across(q)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    // One statement per shard for the ranking round (no statement per word, no separate
    // statistics), one for the page's rows; a shard asked again for more sends one more.
    for (const n of statements) expect(n).toBeLessThanOrEqual(3)
    expect(Math.min(...statements)).toBeLessThanOrEqual(2)
  })

  it('a word past the cap but in no shard past it: the shard past its share of the cap is counted again, the page is the same (decisions/0107)', async () => {
    // Last in this block: its 10,500 decisions change every later search's statistics.
    // "desigual" in 8,000 decisions of the first shard and 2,500 of the second: 10,500 in all.
    // A first round counts each shard only to its share of the cap (3,334): 3,334 + 2,500 leaves
    // the sum unknown, so the first shard is counted in full, and its count with the second's
    // proves the search past the cap (newest first, "mais de 10.000"), as one database lists it.
    const more = async (shard: number, n: number) => {
      const court = COURTS[shard] as string
      const insert = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
        INSERT INTO decisions (id, external_id, court, class_name, number, published_at, summary, checksum, imported_at)
        SELECT ${(shard + 1) * SHARD_SPAN + 100_000} + i, ${`rounds:desigual:${court}:`} || i, ${court}, 'Acórdão',
          ${`${court}-d-`} || i, printf('2023-%02d-%02d', 1 + i % 12, 1 + i % 28),
          'decisão desigual ' || substr('agravo interno embargos de declaração mandado de segurança', 1, 1 + (i * 11) % 50),
          'x', '2026-01-01T00:00:00Z'
        FROM n`
      await createDb(env[BINDINGS[shard] as 'CORPUS_1']).run(insert)
      await createDb(env.CORPUS_4).run(insert)
    }
    await more(0, 8_000)
    await more(1, 2_500)
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf('desigual'), OPTIONS)
    expect(expected.total).toBe(COUNT_CAP + 1)
    const { found, calls } = await across('desigual')
    expect(found.total).toBe(COUNT_CAP + 1)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    // The first shard: its first round and its full count; the page's rows are the second's (the
    // highest ids), which is asked no more than without the first.
    expect(calls[0]).toBe(2)
    expect(calls[1]).toBe(2)
    // A word in the first shard only, under the cap: counted again, it ranks there, exactly.
    const under = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf('agravo'), OPTIONS)
    expect(under.total).toBeGreaterThan(COUNT_CAP / 3)
    const ranked = await across('agravo')
    expect(ranked.found.total).toBe(under.total)
    expect(ranked.found.hits.map((h) => h.id)).toEqual(under.hits.map((h) => h.id))
    // Filtered to half the year: about 4,000 in the first shard, 1,250 in the second. A first
    // round counts the filter's matches to a shard's share of the cap (3,334): the first shard's
    // count is a floor, too low with the others' to prove the cap passed, so it is counted on
    // once, and the total is exact (decisions/0109).
    const half = [dateRangeTokens('2023-01-01', '2023-06-30')]
    const options = { ...OPTIONS, clauses: half }
    const filtered = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf('desigual'), options)
    expect(filtered.total).toBeGreaterThan(COUNT_CAP / 2)
    expect(filtered.total).toBeLessThan(COUNT_CAP)
    const spread = await across('desigual', half)
    expect(spread.found.total).toBe(filtered.total)
    expect(spread.found.hits.map((h) => h.id)).toEqual(filtered.hits.map((h) => h.id))
    expect(spread.calls[0]).toBe(2)
    // "decisão" is in every decision, past its share in every shard: newest first from the first
    // round. Its first shard's filtered count is a floor all the same, counted on once.
    const every = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf('decisão'), options)
    expect(every.total).toBe(filtered.total)
    const unranked = await across('decisão', half)
    expect(unranked.found.total).toBe(every.total)
    expect(unranked.found.hits.map((h) => h.id)).toEqual(every.hits.map((h) => h.id))
    // The whole year 2023: each count a floor or exact, their sum past the cap: no count again.
    const year = await across('desigual', [dateRangeTokens('2023-01-01', '2023-12-31')])
    expect(year.found.total).toBe(COUNT_CAP + 1)
  })
})
