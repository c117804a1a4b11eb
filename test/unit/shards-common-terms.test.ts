import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { refreshCommonTerms, SCORING_COST } from '~/domain/search/common-terms.server'
import { rankAcrossShards } from '~/domain/search/global-rank.server'
import { parseQuery, phrasesOf, toMatchExpression } from '~/domain/search/query'
import { runRound } from '~/domain/search/shard-round.server'

// decisions/0110 across shards (0073): each shard scores a common word without its walk, sends
// those scores and its stored count of the word's rows, and the merged page is still the one
// database's, scores included. Lengths differ by shard, so the average lengths disagree.

const WORDS = ['recurso', 'especial', 'apelação', 'cível', 'execução', 'fiscal', 'posse']

function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

type Doc = { id: number; summary: string }

function corpus(): Doc[][] {
  const next = random(11)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T
  return [0, 1, 2].map((shard) =>
    Array.from({ length: 40 + shard * 20 }, (_, i) => {
      const words = Array.from({ length: 4 + Math.floor(next() * (shard + 1) * 8) }, () => pick(WORDS))
      // "de" in every row, up to three times; "usucapião" in about one row in six.
      for (let k = Math.floor(next() * 3); k >= 0; k--)
        words.splice(Math.floor(next() * words.length), 0, 'de')
      if (next() < 0.18) words.splice(Math.floor(next() * words.length), 0, 'usucapião')
      return { id: (shard + 1) * 1_000_000 + i + 1, summary: words.join(' ') }
    }),
  )
}

async function insert(db: Database, docs: Doc[]) {
  for (const d of docs)
    await db.run(
      sql`INSERT INTO decisions (id, external_id, court, class_name, number, published_at, summary, checksum, imported_at)
        VALUES (${d.id}, ${`common:${d.id}`}, 'TJSP', 'Acórdão', ${String(d.id)}, '2020-01-01', ${d.summary}, 'x', '2026-01-01T00:00:00Z')`,
    )
}

const shards = () => [createDb(env.CORPUS_1), createDb(env.CORPUS_2), createDb(env.CORPUS_3)]
const single = () => createDb(env.CORPUS_4)

/** FTS5's own bm25 in one database holding every document. */
async function oneDatabase(expression: string, limit = 20, offset = 0) {
  const words = `{class_name number summary} : (${expression})`
  return single().all<{ id: number; score: number }>(
    sql`SELECT rowid AS id, bm25(decisions_fts, 1.0, 1.0, 1.0, 0.0) AS score FROM decisions_fts WHERE decisions_fts MATCH ${words} ORDER BY score, id DESC LIMIT ${limit} OFFSET ${offset}`,
  )
}

describe('common words across shards (decisions/0110)', () => {
  // These shards have a few rows, where the walk is cheaper: scored all the same, to test it.
  const cost = { ...SCORING_COST }
  afterAll(() => Object.assign(SCORING_COST, cost))
  beforeAll(async () => {
    Object.assign(SCORING_COST, { fixedRows: 0, rowsPerMatch: 0 })
    const docs = corpus()
    for (const [i, db] of shards().entries()) await insert(db, docs[i] ?? [])
    await insert(single(), docs.flat())
  })

  for (const q of [
    'usucapião de',
    'de usucapião recurso',
    '"recurso especial" de',
    'recurso de especial posse',
  ]) {
    it(`"${q}": the merged page is the one database's, with or without the stored counts`, async () => {
      const expression = toMatchExpression(parseQuery(q)) as string
      const expected = await oneDatabase(expression)
      expect(expected.length).toBeGreaterThan(2)
      const walked = await rankAcrossShards(shards(), 'decisions', expression, { limit: 20, offset: 0 })

      for (const db of [...shards(), single()])
        expect(await refreshCommonTerms(db, ['decisions'])).toEqual(['decisions'])
      const [stored] = await createDb(env.CORPUS_1).all<{ docs: number; rows: number }>(
        sql`SELECT docs, rows FROM common_terms WHERE source = 'decisions' AND term = 'de'`,
      )
      expect(stored).toEqual({ docs: 40, rows: 40 })
      const scored = await rankAcrossShards(shards(), 'decisions', expression, { limit: 20, offset: 0 })

      for (const merged of [walked, scored]) {
        expect(merged.hits.map((h) => h.id)).toEqual(expected.map((r) => r.id))
        for (const [i, hit] of merged.hits.entries())
          expect(hit.score).toBeCloseTo(expected[i]?.score ?? 0, 9)
      }
      expect(scored.total).toBe(walked.total)
      await Promise.all([...shards(), single()].map((db) => db.run(sql`DELETE FROM common_terms`)))
    })
  }

  it('gives one database’s second page from the stored counts, first window small', async () => {
    const expression = toMatchExpression(parseQuery('usucapião de')) as string
    for (const db of [...shards(), single()]) await refreshCommonTerms(db, ['decisions'])
    const expected = await oneDatabase(expression, 4, 4)
    expect(expected).toHaveLength(4)
    const merged = await rankAcrossShards(shards(), 'decisions', expression, {
      limit: 4,
      offset: 4,
      firstWindow: 2,
    })
    expect(merged.hits.map((h) => h.id)).toEqual(expected.map((r) => r.id))
    for (const [i, hit] of merged.hits.entries()) expect(hit.score).toBeCloseTo(expected[i]?.score ?? 0, 9)
    await Promise.all([...shards(), single()].map((db) => db.run(sql`DELETE FROM common_terms`)))
  })

  it('scores the same candidates and phrase parts in a scoring round whose counts went stale', async () => {
    // The round that scores from `scored` finds the index moved on (no stored counts): bm25 ranks
    // and gives each phrase's part, as the round that never tried to score.
    const expression = toMatchExpression(parseQuery('usucapião de recurso')) as string
    const round = (clamped: boolean) =>
      runRound(createDb(env.CORPUS_1), 'decisions', expression, phrasesOf(expression), [], 200, null, {
        clamped,
      })
    const [walked, fellBack] = [await round(false), await round(true)]
    expect(walked.candidates.length).toBeGreaterThan(2)
    expect(fellBack.candidates).toEqual(walked.candidates)
    // With the counts stored, the scoring round's parts are the walk's, to the bit.
    await refreshCommonTerms(createDb(env.CORPUS_1), ['decisions'])
    expect((await round(true)).candidates).toEqual(walked.candidates)
    await createDb(env.CORPUS_1).run(sql`DELETE FROM common_terms`)
  })

  it('sends a shard round of twelve words, eleven of them common, within D1’s 100 bound values', async () => {
    const expression = toMatchExpression(parseQuery('usucapião de da do a o e em na no os as')) as string
    for (const stats of [null, { rows: 1, tokens: 1, phraseDocs: [], matches: 0, wordMatches: 0 }])
      for (const clamped of [false, true]) {
        const round = runRound(
          createDb(env.CORPUS_1),
          'decisions',
          expression,
          phrasesOf(expression),
          [['zttjsp']],
          200,
          stats,
          {
            clamped,
          },
        )
        await expect(round).resolves.toBeDefined()
      }
  })
})
