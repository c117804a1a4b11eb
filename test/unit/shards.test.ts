import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { people } from '~/db/schema-corpus'
import { corpusShards } from '~/db/schema-shards'
import { createDeps } from '~/deps.server'
import { buildCnj } from '~/domain/corpus/cnj'
import {
  ALL_TIME,
  DEGENERATE_MAP,
  entriesFor,
  entryById,
  entryFor,
  placementOf,
  SHARD_SPAN,
  type ShardMap,
  slugBucket,
} from '~/domain/corpus/shard-map'
import { loadShardMap, publishShardMap, SHARD_MAP_KEY } from '~/domain/corpus/shards.server'
import { newId } from '~/domain/corpus/store/shard-ids'

// decisions/0072: the shard rule, the map, and the layer every corpus reader and writer goes
// through. This file publishes a map (KV is shared by the files of a runtime), so it runs apart
// (own-database.mjs) and removes it at the end.

const span = (shard: number) => ({ shard, idFrom: shard * SHARD_SPAN, idTo: (shard + 1) * SHARD_SPAN })
/** The local spread of decisions/0072 plus a DOU split by year, as rows of `corpus_shards`. */
const SPREAD: ShardMap = {
  version: 1,
  entries: [
    { ...span(1), family: 'dou', from: '', to: '2024', binding: 'CORPUS_1' },
    { ...span(2), family: 'dou', from: '2024', to: '~', binding: 'CORPUS_1' },
    { ...span(3), family: 'diario:', ...ALL_TIME, binding: 'CORPUS_1' },
    { ...span(4), family: 'processo:', ...ALL_TIME, binding: 'CORPUS_2' },
    { ...span(5), family: 'jurisprudencia:', ...ALL_TIME, binding: 'CORPUS_3' },
    // The STJ's decisions from 2020 on were split off to their own database.
    { ...span(6), family: 'jurisprudencia:stj', from: '2020', to: '~', binding: 'CORPUS_4' },
    { ...span(7), family: 'legislacao', ...ALL_TIME, binding: 'CORPUS_3' },
    { ...span(8), family: 'entidades', ...ALL_TIME, binding: 'CORPUS_4' },
  ],
}

const tjsp = buildCnj(1234, 2019, 8, 26, 100)

describe('the shard rule (decisions/0072)', () => {
  it('places each kind of document by source and period', () => {
    expect(placementOf({ kind: 'materia', gazette: 'dou', date: '2024-03-05' })).toEqual({
      family: 'dou',
      at: '2024-03-05',
    })
    expect(placementOf({ kind: 'materia', gazette: { uf: 'SP' }, date: '2023-01-02' }).family).toBe(
      'diario:sp',
    )
    expect(placementOf({ kind: 'processo', cnj: tjsp })).toEqual({ family: 'processo:8.26', at: '2019' })
    expect(placementOf({ kind: 'decisao', court: 'STJ', date: '2021-05-01' }).family).toBe(
      'jurisprudencia:stj',
    )
    expect(placementOf({ kind: 'lei' }).family).toBe('legislacao')
    const person = placementOf({ kind: 'pessoa', slug: 'maria-da-silva' })
    expect(person).toEqual({ family: 'entidades', at: slugBucket('maria-da-silva') })
    expect(person.at).toMatch(/^[0-9a-f]{2}$/)
  })

  it('the degenerate map puts everything in the primary, ids as today', () => {
    for (const key of [{ kind: 'lei' } as const, { kind: 'processo', cnj: tjsp } as const])
      expect(entryFor(DEGENERATE_MAP, placementOf(key)).binding).toBe('DB')
    expect(entryById(DEGENERATE_MAP, 42)?.binding).toBe('DB')
    expect(
      entriesFor(DEGENERATE_MAP, { families: ['dou'], from: '2024-01-01' }).map((e) => e.binding),
    ).toEqual(['DB'])
  })

  it('a spread map: the most specific family, the period, and an id names its shard', () => {
    const at = (key: Parameters<typeof placementOf>[0]) => entryFor(SPREAD, placementOf(key))
    expect(at({ kind: 'materia', gazette: 'dou', date: '2023-12-31' }).shard).toBe(1)
    expect(at({ kind: 'materia', gazette: 'dou', date: '2024-01-01' }).shard).toBe(2)
    expect(at({ kind: 'processo', cnj: tjsp }).binding).toBe('CORPUS_2')
    expect(at({ kind: 'decisao', court: 'STJ', date: '2019-12-31' }).binding).toBe('CORPUS_3')
    expect(at({ kind: 'decisao', court: 'STJ', date: '2020-01-01' }).binding).toBe('CORPUS_4')
    expect(at({ kind: 'decisao', court: 'TJ-SP', date: '2020-01-01' }).binding).toBe('CORPUS_3')
    expect(entryById(SPREAD, 6 * SHARD_SPAN + 17)?.binding).toBe('CORPUS_4')
    expect(entryById(SPREAD, 42)).toBeNull() // no shard owns today's ids in this map
  })

  it('a query touches only the shards its filters allow', () => {
    const bindings = (filter: Parameters<typeof entriesFor>[1]) => [
      ...new Set(entriesFor(SPREAD, filter).map((e) => e.binding)),
    ]
    expect(bindings({ families: ['jurisprudencia:'] })).toEqual(['CORPUS_3', 'CORPUS_4'])
    expect(bindings({ families: ['jurisprudencia:stj'], to: '2019-06-30' })).toEqual(['CORPUS_3'])
    expect(bindings({ families: ['jurisprudencia:tjsp'] })).toEqual(['CORPUS_3'])
    expect(entriesFor(SPREAD, { families: ['dou'], from: '2024-02-01' }).map((e) => e.shard)).toEqual([2])
    expect(bindings({})).toEqual(['CORPUS_1', 'CORPUS_2', 'CORPUS_3', 'CORPUS_4'])
  })
})

describe('the corpus layer on the Worker’s bindings (decisions/0072)', () => {
  afterAll(async () => {
    await createDb(env.DB).delete(corpusShards)
    await env.PAGE_VERSIONS.delete(SHARD_MAP_KEY)
  })

  it('without a published map every shard is the request’s own primary database', async () => {
    await env.PAGE_VERSIONS.delete(SHARD_MAP_KEY)
    const deps = createDeps(env)
    const { db } = await deps.corpus.shardFor({ kind: 'lei' })
    expect(db).toBe(deps.db)
    expect(await deps.corpus.all()).toEqual([deps.db])
    expect(await deps.corpus.byId(1)).toBe(deps.db)
  })

  it('a published map routes writes and reads to the corpus bindings', async () => {
    const primary = createDb(env.DB)
    await primary.delete(corpusShards)
    await primary.insert(corpusShards).values(
      SPREAD.entries.map((e, i) => ({
        id: i + 1,
        shard: e.shard,
        family: e.family,
        periodFrom: e.from,
        periodTo: e.to,
        idFrom: e.idFrom,
        idTo: e.idTo,
        binding: e.binding,
      })),
    )
    const published = await publishShardMap({ db: primary, pageVersions: env.PAGE_VERSIONS })
    expect(published.entries).toHaveLength(SPREAD.entries.length)
    expect((await loadShardMap(env.PAGE_VERSIONS)).entries.map((e) => e.binding)).toEqual(
      SPREAD.entries.map((e) => e.binding),
    )

    const deps = createDeps(env)
    const { db, entry } = await deps.corpus.shardFor({ kind: 'decisao', court: 'STJ', date: '2021-03-04' })
    expect(entry.binding).toBe('CORPUS_4')
    const id = entry.idFrom + 1
    await db.run(
      sql`INSERT INTO decisions (id, external_id, court, number, summary, published_at) VALUES (${id}, 'shards:stj', 'STJ', 'REsp 1', 'Ementa no shard', '2021-03-04')`,
    )
    // The row is in CORPUS_4 and nowhere else; its id alone finds it again.
    const where = async (name: 'DB' | 'CORPUS_3' | 'CORPUS_4') =>
      (await createDb(env[name]).all<{ id: number }>(sql`SELECT id FROM decisions WHERE id = ${id}`)).length
    expect([await where('CORPUS_4'), await where('CORPUS_3'), await where('DB')]).toEqual([1, 0, 0])
    const found = await deps.corpus.byId(id)
    expect(await found?.all(sql`SELECT summary FROM decisions WHERE id = ${id}`)).toEqual([
      { summary: 'Ementa no shard' },
    ])
    // A query for the STJ's case law asks both of its databases; one for legislation, one.
    expect(await deps.corpus.shardsFor({ families: ['jurisprudencia:stj'] })).toHaveLength(2)
    expect(await deps.corpus.shardsFor({ families: ['legislacao'] })).toHaveLength(1)
    expect(await deps.corpus.all()).toHaveLength(4)
  })

  it('a map that does not parse is never half-used: the degenerate map', async () => {
    await env.PAGE_VERSIONS.put(SHARD_MAP_KEY, JSON.stringify({ version: 1, entries: [{ binding: 'X' }] }))
    expect(await loadShardMap(env.PAGE_VERSIONS)).toEqual(DEGENERATE_MAP)
  })
})

describe('links across the shard line (migration 0033)', () => {
  it('a lawsuit’s party and a matéria’s mention name a person who lives in another database', async () => {
    // The person is in the `entidades` shard (CORPUS_4); the lawsuit and matéria elsewhere.
    const personId = 8 * SHARD_SPAN + 77
    await createDb(env.CORPUS_4).run(
      sql`INSERT INTO people (id, name, slug) VALUES (${personId}, 'Pessoa Noutro Banco', 'pessoa-noutro-banco-0033')`,
    )
    const lawsuitShard = createDb(env.CORPUS_2)
    const lawsuitId = 4 * SHARD_SPAN + 33
    for (const statement of [
      sql`INSERT INTO lawsuits (id, cnj, court, source) VALUES (${lawsuitId}, ${buildCnj(3303, 2024, 8, 26, 100)}, 'TJSP', 'teste')`,
      sql`INSERT INTO parties (id, lawsuit_id, pole, name, person_id) VALUES (${lawsuitId}, ${lawsuitId}, 'ativo', 'Pessoa Noutro Banco', ${personId})`,
    ])
      await lawsuitShard.run(statement)
    expect(
      await lawsuitShard.all(sql`SELECT person_id AS personId FROM parties WHERE lawsuit_id = ${lawsuitId}`),
    ).toEqual([{ personId }])
    // Its FTS entry is still written by the triggers rebuilt with the table.
    expect(
      await lawsuitShard.all(
        sql`SELECT rowid AS id FROM parties_fts WHERE parties_fts MATCH 'noutro' AND rowid = ${lawsuitId}`,
      ),
    ).toEqual([{ id: lawsuitId }])
    const matters = createDb(env.CORPUS_1)
    const articleId = SHARD_SPAN + 33
    for (const statement of [
      sql`INSERT INTO gazettes (id, slug, name, sphere) VALUES (${articleId}, 'diario-0033', 'Diário 0033', 'federal')`,
      sql`INSERT INTO gazette_editions (id, gazette_id, date) VALUES (${articleId}, ${articleId}, '2024-01-02')`,
      sql`INSERT INTO gazette_articles (id, gazette_id, edition_id, date, external_id, title, body) VALUES (${articleId}, ${articleId}, ${articleId}, '2024-01-02', 'x-0033', 'Portaria', 'Texto')`,
      sql`INSERT INTO article_mentions (article_id, person_id) VALUES (${articleId}, ${personId})`,
    ])
      await matters.run(statement)
    expect(
      await matters.all(sql`SELECT person_id AS p FROM article_mentions WHERE article_id = ${articleId}`),
    ).toEqual([{ p: personId }])
  })
})

describe('an id a shard gave is never given again (decisions/0085)', () => {
  it('a deleted row’s id stays taken: the next document of the shard gets a new one', async () => {
    // A shard of its own in CORPUS_4 (nothing else in this file writes in its range).
    const entry = {
      shard: 9,
      family: 'entidades',
      from: '',
      to: '~',
      idFrom: 9 * SHARD_SPAN,
      idTo: 10 * SHARD_SPAN,
      binding: 'CORPUS_4',
    }
    const db = createDb(env.CORPUS_4)
    const add = async (slug: string) => {
      const [row] = await db
        .insert(people)
        .values({ name: slug, slug, ...newId('people', entry) })
        .returning({ id: people.id })
      return row?.id ?? 0
    }
    const first = await add('pessoa-0085-a')
    const second = await add('pessoa-0085-b')
    expect([first, second]).toEqual([entry.idFrom, entry.idFrom + 1])
    // An orphaned person is deleted (the masking, decisions/0081); the primary may still name her
    // id (a reviewer's "mascarar" in hidden_pages): the next person must not inherit it.
    await db.delete(people).where(eq(people.id, second))
    expect(await add('pessoa-0085-c')).toBe(second + 1)
    // And so after every row of the shard is gone.
    await db.delete(people).where(sql`id >= ${entry.idFrom} AND id < ${entry.idTo}`)
    expect(await add('pessoa-0085-d')).toBe(second + 2)
  })
})
