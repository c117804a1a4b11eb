import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { createCorpus } from '~/domain/corpus/shards.server'
import { ftsSearch } from '~/domain/search/fts.server'
import { parseQuery, toMatchExpression } from '~/domain/search/query'
import { onceUnlisted } from '~/domain/search/shard-rows.server'
import { finderFor } from '~/domain/search/shard-search.server'

// decisions/0082: a people search across shards reads its page's rows and each person's
// appearances in lawsuits (another database) in the same round. Split from shards-rounds.

const expressionOf = (q: string) => toMatchExpression(parseQuery(q)) as string
const OPTIONS = { limit: 10, offset: 0, snippetColumn: null }
const ATTACH = { select: sql``, join: sql`` }

/**
 * Rounds of a search: each call's round is one more than the deepest call finished before it
 * started (calls started together, before any answer, share a round).
 */
function rounds() {
  let finished = 0
  const seen: number[] = []
  const track = <T>(work: () => Promise<T>): Promise<T> => {
    const round = finished + 1
    return work().then((value) => {
      seen.push(round)
      finished = Math.max(finished, round)
      return value
    })
  }
  const wrap = (d1: D1Database) => {
    const statement = (inner: D1PreparedStatement): D1PreparedStatement =>
      ({
        inner,
        bind: (...values: unknown[]) => statement(inner.bind(...values)),
        all: () => track(() => inner.all()),
        raw: (options?: { columnNames: true }) => track(() => inner.raw(options as { columnNames: true })),
        first: (column?: string) => track(() => inner.first(column as string)),
        run: () => track(() => inner.run()),
      }) as unknown as D1PreparedStatement
    return {
      prepare: (query: string) => statement(d1.prepare(query)),
      batch: (statements: (D1PreparedStatement & { inner?: D1PreparedStatement })[]) =>
        track(() => d1.batch(statements.map((s) => s.inner ?? s))),
    } as unknown as D1Database
  }
  return { wrap, deepest: () => Math.max(0, ...seen) }
}

describe('people across shards: their appearances counted beside the page’s rows (decisions/0082)', () => {
  const peopleMap: ShardMap = {
    version: 1,
    entries: [
      { shard: 1, family: 'entidades', from: '', to: '80', binding: 'CORPUS_1' },
      { shard: 2, family: 'entidades', from: '80', to: '~', binding: 'CORPUS_2' },
      { shard: 3, family: 'processo:', from: '', to: '~', binding: 'CORPUS_3' },
    ].map((e) => ({ ...e, idFrom: e.shard * SHARD_SPAN, idTo: (e.shard + 1) * SHARD_SPAN })),
  }
  const names = ['Ana Rodada Souza', 'Bruno Rodada Lima', 'Carla Rodada Dias', 'Davi Rodada Reis']

  beforeAll(async () => {
    for (const [i, name] of names.entries())
      for (const binding of [i % 2 ? 'CORPUS_2' : 'CORPUS_1', 'CORPUS_4'] as const)
        await createDb(env[binding]).run(
          sql`INSERT INTO people (id, name, slug) VALUES (${(1 + (i % 2)) * SHARD_SPAN + i}, ${name}, ${`rodada-${i}`})`,
        )
  })

  it('a people search reads the page’s rows and the appearances in the same round: two rounds, as the page’s own', async () => {
    const expression = expressionOf('rodada')
    const expected = await ftsSearch(createDb(env.CORPUS_4), 'people', expression, OPTIONS)
    expect(expected.hits.length).toBe(names.length)
    const tracked = rounds()
    const opened = new Map(
      ['CORPUS_1', 'CORPUS_2', 'CORPUS_3'].map((b) => [b, createDb(tracked.wrap(env[b as 'CORPUS_1']))]),
    )
    const corpus = createCorpus(
      async () => peopleMap,
      (binding) => opened.get(binding) as Database,
    )
    const shards = await corpus.shardsFor({ families: ['entidades'] })
    const primary = createDb(env.DB)
    const find = finderFor({ db: primary, corpus }, shards, shards, onceUnlisted(primary))
    const found = await find<{ lawsuits: number }>('people', expression, OPTIONS, ATTACH)
    expect(found.hits.map((h) => h.id)).toEqual(expected.hits.map((h) => h.id))
    expect(found.hits.every((h) => h.lawsuits === 0)).toBe(true)
    // The candidates, then the rows with the counts in the lawsuits' database: two rounds.
    expect(tracked.deepest()).toBe(2)
  })
})
