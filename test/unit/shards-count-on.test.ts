import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import { createCorpus } from '~/domain/corpus/shards.server'
import type { Clock } from '~/domain/search/count-on.server'
import { COUNT_CAP, ftsSearch } from '~/domain/search/fts.server'
import { parseQuery, toMatchExpression } from '~/domain/search/query'
import { onceUnlisted } from '~/domain/search/shard-rows.server'
import { finderFor } from '~/domain/search/shard-search.server'
import { answered } from './answered-d1'
import { BINDINGS, COURTS, COURTS_MAP as map } from './shards-courts-fixture'

// decisions/0114, on real shards: a phrase in most decisions of one shard only ("prazo fatal",
// as "de 2026" is in the matérias of 2026), its words in another shard's decisions but never
// side by side (that shard is the slowest of a first round: it checks them all and finds none).
// The first shard, past its share of the cap, counts on while the other is out, proves the search
// past the cap, and the page's rows are read before the slow shard answers: the same page as one
// database (CORPUS_4, holding every decision) lists.

/** `n` decisions of a shard's court from id `from` in its range, each with `text` and a varying tail. */
async function fill(shard: number, from: number, n: number, text: string) {
  const court = COURTS[shard] as string
  const insert = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
    INSERT INTO decisions (id, external_id, court, class_name, number, published_at, summary, checksum, imported_at)
    SELECT ${(shard + 1) * SHARD_SPAN + from} + i, ${`count-on:${court}:${from}:`} || i, ${court}, 'Acórdão',
      ${`${court}-${from}-`} || i, printf('2025-%02d-%02d', 1 + i % 12, 1 + i % 28),
      ${text} || ' ' || substr('agravo interno embargos de declaração mandado de segurança', 1, 1 + (i * 11) % 50),
      'x', '2026-01-01T00:00:00Z'
    FROM n`
  await createDb(env[BINDINGS[shard] as 'CORPUS_1']).run(insert)
  await createDb(env.CORPUS_4).run(insert)
}

const expressionOf = (q: string) => toMatchExpression(parseQuery(q)) as string
// Snippets of the summary (the decisions' third indexed column).
const OPTIONS = { limit: 10, offset: 0, snippetColumn: 2 }
const ATTACH = { select: sql``, join: sql`` }
/** Counting on at once: the wait before it ends as soon as it starts. */
const NOW: Clock = { now: () => 0, wait: async () => undefined }

/**
 * The search over the three shards: every answer of each is logged (`1`, `2`, `3`), and the
 * second shard's first answer is held until `hold` settles.
 */
async function across(q: string, clock: Clock | undefined, hold?: (log: string[]) => Promise<void>) {
  const log: string[] = []
  let held = false
  const opened = BINDINGS.map((binding, i) =>
    createDb(
      answered(env[binding], async () => {
        if (i === 1 && hold && !held) {
          held = true
          await hold(log)
        }
        log.push(String(i + 1))
      }),
    ),
  )
  const corpus = createCorpus(
    async () => map,
    (binding) => opened[BINDINGS.indexOf(binding as (typeof BINDINGS)[number])] as Database,
  )
  const shards = await corpus.shardsFor({ families: ['jurisprudencia:'] })
  const primary = createDb(env.DB)
  const find = finderFor({ db: primary, corpus, clock }, shards, shards, onceUnlisted(primary))
  const found = await find('decisions', expressionOf(q), OPTIONS, ATTACH)
  return { found, log }
}

describe('a shard past its share counts on while a slower one is out (decisions/0114)', () => {
  beforeAll(async () => {
    // The phrase in 10,500 decisions of the first shard: past the cap there alone.
    await fill(0, 0, 10_500, 'decisão com prazo fatal')
    // Its words in 3,000 of the second's, never side by side; 500 of the third without them.
    await fill(1, 0, 3_000, 'o prazo do recurso não é fatal')
    await fill(2, 0, 500, 'decisão sobre outra coisa')
    // Two words in 5,000 more of the first (past its share of the cap, 3,334, but under the
    // cap), one of them alone in 2,000 more of the second.
    await fill(0, 20_000, 5_000, 'embargo singular')
    await fill(1, 20_000, 2_000, 'caso singular')
  })

  it('past the cap: the first shard counts on and its page rows are read before the slow shard answers', async () => {
    const q = '"prazo fatal"'
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf(q), OPTIONS)
    expect(expected.total).toBe(COUNT_CAP + 1)
    // The second shard answers only once the first has answered three times: its first round,
    // its count on, and the page's rows. Without counting on, that never comes (the first would
    // wait for the second before its second round): the hold gives up and says so.
    const { found, log } = await across(q, NOW, async (log) => {
      for (let tries = 0; tries < 200 && log.filter((s) => s === '1').length < 3; tries++)
        await new Promise((resolve) => setTimeout(resolve, 5))
    })
    expect(found.total).toBe(COUNT_CAP + 1)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(found.hits.map((h) => h.snippet)).toEqual(expected.hits.map((h) => h.snippet))
    expect(found.hits[0]?.snippet).toContain('prazo')
    // Three answers of the first shard before the second's, and no more after it.
    const second = log.indexOf('2')
    expect(log.slice(0, second).filter((s) => s === '1').length).toBe(3)
    expect(log.filter((s) => s === '1').length).toBe(3)
  })

  it('without a clock nothing counts on: the same page, the first shard asked again after the others', async () => {
    const q = '"prazo fatal"'
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf(q), OPTIONS)
    const { found, log } = await across(q, undefined)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    // Its second and third answers come after every shard's first.
    const firsts = Math.max(log.indexOf('2'), log.indexOf('3'))
    expect(log.slice(0, firsts).filter((s) => s === '1').length).toBe(1)
  })

  it('under the cap after all: the count on is exact, the shard ranks in a second round, the page as one database ranks it', async () => {
    const q = 'embargo singular'
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'decisions', expressionOf(q), OPTIONS)
    expect(expected.total).toBeGreaterThan(COUNT_CAP / 3)
    expect(expected.total).toBeLessThanOrEqual(COUNT_CAP)
    // The second shard holds its answer until the first has counted on.
    const { found, log } = await across(q, NOW, async (log) => {
      for (let tries = 0; tries < 200 && log.filter((s) => s === '1').length < 2; tries++)
        await new Promise((resolve) => setTimeout(resolve, 5))
    })
    expect(log.slice(0, log.indexOf('2')).filter((s) => s === '1').length).toBe(2)
    expect(found.total).toBe(expected.total)
    // The count on was exact, not a proof: the shard ranks in a round after it, as one database.
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(found.hits.map((h) => h.snippet)).toEqual(expected.hits.map((h) => h.snippet))
  })
})
