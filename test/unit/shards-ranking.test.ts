import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { rankAcrossShards } from '~/domain/search/global-rank.server'
import { parseQuery, phrasesOf, toMatchExpression } from '~/domain/search/query'

// decisions/0073: a test corpus spread over three corpus bindings ranks, merged, exactly as the
// same documents do in one database (the fourth binding holds them all). The shards are made
// lopsided on purpose: "tributária" is common in the first and rare in the others, lengths
// differ by shard, so every shard's own bm25 (its IDF and average length) disagrees with the
// whole corpus's, and a merge of per-shard scores puts a different top 10.

const WORDS = [
  'recurso',
  'especial',
  'apelação',
  'cível',
  'execução',
  'fiscal',
  'dano',
  'moral',
  'contrato',
  'posse',
]
const COURTS = ['TJSP', 'TJRJ', 'STJ']

/** A seeded PRNG: the corpus is the same on every run. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

type Doc = { id: number; court: string; summary: string; publishedAt: string }

function corpus(): Doc[][] {
  const next = random(7)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T
  return [0, 1, 2].map((shard) =>
    Array.from({ length: 60 + shard * 25 }, (_, i) => {
      // Shard 0: short texts full of "tributária"; shard 2: long texts where it is rare.
      const length = 6 + Math.floor(next() * (shard === 2 ? 60 : 14))
      const words = Array.from({ length }, () => pick(WORDS))
      const taxRate = [0.6, 0.15, 0.05][shard] as number
      if (next() < taxRate) words.splice(Math.floor(next() * words.length), 0, 'tributária')
      if (next() < 0.3) words.splice(Math.floor(next() * words.length), 0, 'dano', 'moral')
      if (next() < 0.2) words.push('tributária', 'execução')
      return {
        // Ids in each shard's own range, as the shard map allocates them (decisions/0072).
        id: (shard + 1) * 1_000_000 + i + 1,
        court: COURTS[(i + shard) % COURTS.length] as string,
        summary: words.join(' '),
        publishedAt: `20${10 + shard * 4 + (i % 4)}-0${1 + (i % 9)}-1${i % 10}`,
      }
    }),
  )
}

async function insert(db: Database, docs: Doc[]) {
  for (const d of docs)
    await db.run(
      sql`INSERT INTO decisions (id, external_id, court, class_name, number, published_at, summary, checksum, imported_at)
        VALUES (${d.id}, ${`shard-rank:${d.id}`}, ${d.court}, 'Acórdão', ${String(d.id)}, ${d.publishedAt}, ${d.summary}, 'x', '2026-01-01T00:00:00Z')`,
    )
}

const shards = () => [createDb(env.CORPUS_1), createDb(env.CORPUS_2), createDb(env.CORPUS_3)]
const single = () => createDb(env.CORPUS_4)

/** The same search in one database: FTS5's own bm25, exactly as fts.server ranks it. */
async function oneDatabase(expression: string, limit: number, offset = 0, clause?: string) {
  const words = `{class_name number summary} : (${expression})`
  const filter = clause
    ? ` AND +rowid IN (SELECT rowid FROM decisions_fts WHERE decisions_fts MATCH '${words} AND {facets} : ${clause}')`
    : ''
  return single().all<{ id: number; score: number }>(
    sql.raw(
      `SELECT rowid AS id, bm25(decisions_fts, 1.0, 1.0, 1.0, 0.0) AS score FROM decisions_fts WHERE decisions_fts MATCH '${words.replace(/'/g, "''")}'${filter} ORDER BY score, id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
  )
}

const expressionOf = (q: string) => toMatchExpression(parseQuery(q)) as string

/** The three shards, each counting the statements it is asked. */
function countingShards() {
  const asked = [0, 0, 0]
  const counting = (d1: D1Database, shard: number) =>
    ({
      prepare: (query: string) => {
        asked[shard] = (asked[shard] ?? 0) + 1
        return d1.prepare(query)
      },
      batch: (statements: D1PreparedStatement[]) => d1.batch(statements),
    }) as unknown as D1Database
  const counted = [env.CORPUS_1, env.CORPUS_2, env.CORPUS_3].map((d1, i) => createDb(counting(d1, i)))
  return { asked, counted }
}

describe('one ranking over several shard databases (decisions/0073)', () => {
  beforeAll(async () => {
    const docs = corpus()
    const [a, b, c] = shards() as [Database, Database, Database]
    await insert(a, docs[0] ?? [])
    await insert(b, docs[1] ?? [])
    await insert(c, docs[2] ?? [])
    await insert(single(), docs.flat())
  })

  for (const q of [
    'tributária',
    'tributária execução',
    'dano moral fiscal',
    '"dano moral" tributária',
    'recurso',
  ]) {
    it(`"${q}": the merged top 10 is the one database's top 10, with its scores`, async () => {
      const expression = expressionOf(q)
      const expected = await oneDatabase(expression, 10)
      expect(expected.length).toBe(10)
      const merged = await rankAcrossShards(shards(), 'decisions', expression, { limit: 10, offset: 0 })
      expect(merged.ranked).toBe(true)
      expect(merged.hits.map((h) => h.id)).toEqual(expected.map((r) => r.id))
      for (const [i, hit] of merged.hits.entries()) expect(hit.score).toBeCloseTo(expected[i]?.score ?? 0, 9)
      // The total is every shard's matches: the one database's count.
      const [count] = await single().all<{ n: number }>(
        sql.raw(
          `SELECT count(*) AS n FROM decisions_fts WHERE decisions_fts MATCH '{class_name number summary} : (${expression.replace(/'/g, "''")})'`,
        ),
      )
      expect(merged.total).toBe(count?.n)
    })
  }

  it('later pages and a small first window still give the one database order (shards asked again)', async () => {
    const expression = expressionOf('tributária execução')
    for (const offset of [0, 10, 20]) {
      const expected = await oneDatabase(expression, 10, offset)
      const merged = await rankAcrossShards(shards(), 'decisions', expression, {
        limit: 10,
        offset,
        firstWindow: 2,
      })
      expect(merged.hits.map((h) => h.id)).toEqual(expected.map((r) => r.id))
    }
  })

  it('a shard short of candidates is asked once more, for every row that can still reach the page (decisions/0108)', async () => {
    const expression = expressionOf('tributária execução')
    const { asked, counted } = countingShards()
    for (const offset of [0, 10, 20]) {
      asked.fill(0)
      const expected = await oneDatabase(expression, 10, offset)
      const merged = await rankAcrossShards(counted, 'decisions', expression, {
        limit: 10,
        offset,
        firstWindow: 2,
      })
      expect(merged.hits.map((h) => h.id)).toEqual(expected.map((r) => r.id))
      // Two candidates each first: some shard is short, and is asked once more, not K × 4 at a time.
      expect(Math.max(...asked)).toBe(2)
    }
  })

  it('a word whose best scores crowd under its ceiling gets its page from one ask of each shard (decisions/0109)', async () => {
    // 130 long texts a shard, the word 25 to 40 times in each: bm25 saturates, and the scores
    // differ by less than the bound's slack, so 20 candidates a shard left every shard short.
    const next = random(11)
    const crowded = [0, 1, 2].map((shard) =>
      Array.from({ length: 130 }, (_, i): Doc => {
        const words = Array.from({ length: 25 + Math.floor(next() * 16) }, () => 'capivara')
        for (let k = 0; k < 10 + Math.floor(next() * 10); k++) words.push(WORDS[k % WORDS.length] as string)
        return {
          id: (shard + 1) * 1_000_000 + 500 + i,
          court: COURTS[i % COURTS.length] as string,
          summary: words.join(' '),
          publishedAt: '2020-01-01',
        }
      }),
    )
    const [a, b, c] = shards() as [Database, Database, Database]
    await Promise.all([insert(a, crowded[0] ?? []), insert(b, crowded[1] ?? []), insert(c, crowded[2] ?? [])])
    await insert(single(), crowded.flat())
    const expression = expressionOf('capivara')
    const expected = await oneDatabase(expression, 20)
    const { asked, counted } = countingShards()
    const merged = await rankAcrossShards(counted, 'decisions', expression, { limit: 20, offset: 0 })
    expect(merged.hits.map((h) => h.id)).toEqual(expected.map((r) => r.id))
    expect(asked).toEqual([1, 1, 1])
    // Twenty candidates a shard would not have done: some shard is asked again.
    const few = countingShards()
    await rankAcrossShards(few.counted, 'decisions', expression, { limit: 20, offset: 0, firstWindow: 20 })
    expect(Math.max(...few.asked)).toBe(2)
  })

  it('two words that meet in one shard only: the others count their rows only then, and the scores are one database’s (decisions/0109)', async () => {
    // "quelônio" and "jabuti" meet only in the first shard; the others hold each alone, in
    // different numbers, so the global IDFs need their counts.
    const doc = (shard: number, i: number, summary: string): Doc => ({
      id: (shard + 1) * 1_000_000 + 900 + i,
      court: 'TJSP',
      summary,
      publishedAt: '2021-03-03',
    })
    const met = [0, 1, 2].map((i) => doc(0, i, `quelônio jabuti recurso ${'posse '.repeat(i)}`))
    const apart = [1, 2].map((shard) =>
      Array.from({ length: 6 * shard + 3 }, (_, i) =>
        doc(shard, i, i % 3 ? `quelônio recurso ${'dano '.repeat(i)}` : 'jabuti especial'),
      ),
    )
    const [a, b, c] = shards() as [Database, Database, Database]
    await Promise.all([insert(a, met), insert(b, apart[0] ?? []), insert(c, apart[1] ?? [])])
    await insert(single(), [...met, ...apart.flat()])
    const expression = expressionOf('quelônio jabuti')
    const expected = await oneDatabase(expression, 10)
    expect(expected.length).toBe(3)
    const { asked, counted } = countingShards()
    const merged = await rankAcrossShards(counted, 'decisions', expression, { limit: 10, offset: 0 })
    expect(merged.hits.map((h) => h.id)).toEqual(expected.map((r) => r.id))
    for (const [i, hit] of merged.hits.entries()) expect(hit.score).toBeCloseTo(expected[i]?.score ?? 0, 9)
    // The shards without a match are asked once more, for their counts only.
    expect(asked).toEqual([1, 2, 2])
    // Words that meet nowhere: one statement a shard, no count of either word's rows.
    const none = countingShards()
    const nothing = await rankAcrossShards(none.counted, 'decisions', expressionOf('jabuti dano'), {
      limit: 10,
      offset: 0,
    })
    expect([nothing.total, nothing.hits.length, none.asked]).toEqual([0, 0, [1, 1, 1]])
  })

  it('a court filter narrows without reordering: the filtered top 10 is the one database one', async () => {
    const expression = expressionOf('tributária')
    const expected = await oneDatabase(expression, 10, 0, 'ztstj')
    expect(expected.length).toBeGreaterThan(3)
    const merged = await rankAcrossShards(shards(), 'decisions', expression, {
      limit: 10,
      offset: 0,
      clauses: [['ztstj']],
    })
    expect(merged.hits.map((h) => h.id)).toEqual(expected.map((r) => r.id))
  })

  it('merging the shards’ own bm25 scores would rank differently (why global statistics)', async () => {
    const expression = expressionOf('tributária execução')
    const expected = (await oneDatabase(expression, 10)).map((r) => r.id)
    const naive = (
      await Promise.all(
        shards().map((db) =>
          db.all<{ id: number; score: number }>(
            sql.raw(
              `SELECT rowid AS id, bm25(decisions_fts, 1.0, 1.0, 1.0, 0.0) AS score FROM decisions_fts WHERE decisions_fts MATCH '{class_name number summary} : (${expression.replace(/'/g, "''")})' ORDER BY score, id DESC LIMIT 10`,
            ),
          ),
        ),
      )
    )
      .flat()
      .sort((a, b) => a.score - b.score || b.id - a.id)
      .slice(0, 10)
      .map((r) => r.id)
    expect(naive).not.toEqual(expected)
  })

  it('reads the phrases of a match expression', () => {
    expect(phrasesOf(expressionOf('"dano moral" tributária'))).toEqual(['"dano moral"', '"tributária"'])
  })
})
