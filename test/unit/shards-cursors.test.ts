import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { createCorpus, loadShardMap } from '~/domain/corpus/shards.server'
import { runSplit, startSplit } from '~/domain/corpus/split/split.server'
import { upsertStatute } from '~/domain/corpus/store/documents.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { searchCategory, searchCategoryWith } from '~/domain/search/categories.server'
import type { KeyHolder, SearchKey } from '~/domain/search/cursor'
import { COUNT_CAP } from '~/domain/search/fts.server'
import { parseQuery, toMatchExpression } from '~/domain/search/query'
import { search } from '~/domain/search/search.server'
import { onceUnlisted } from '~/domain/search/shard-rows.server'
import { finderFor } from '~/domain/search/shard-search.server'
import { PAGE_SIZE, type Result } from '~/domain/search/types'
import { deps, get } from './helpers'
import { apiGet, apiKey } from './open-api-helpers'
import {
  bindings,
  counting,
  ENTRIES,
  inputOf,
  LAWSUITS,
  lawsuit,
  oneDatabase,
  pagesByNumber,
  SPLITS,
  STATUTES,
  splitDeps,
  statute,
  WALKS,
  type Walk,
  WORD,
  walkBoth,
} from './shards-cursors-fixture'
import { forgetSpread, publishSpread } from './spread-map'

// decisions/0087: lawsuits (a page of lawsuits from their parties' rows) and legislation (statutes
// then dispositivos) page by a keyset cursor across shards, like every other category. Walked
// forward by "Próxima"'s cursor and back by "Anterior"'s, every page is the page one database
// gives by its number: with each category in one corpus database, during a split's window (the
// moved documents in two databases) and after it (the category over two databases by id range).
// This file publishes a map, so it runs apart (own-database.mjs).

describe('lawsuits and legislation page by a cursor across shards (decisions/0087)', () => {
  const want = new Map<string, Result[][]>()

  beforeAll(async () => {
    await publishSpread(ENTRIES)
    const d = deps()
    await upsertLawsuits(
      d,
      Array.from({ length: LAWSUITS }, (_, i) => lawsuit(i)),
    )
    for (let i = 0; i < STATUTES; i++) await upsertStatute(d, statute(i))
    // One database's pages: lawsuits are all in CORPUS_2, legislation in CORPUS_3.
    for (const w of WALKS) {
      const pages = await pagesByNumber(oneDatabase(w.category === 'en' ? 'CORPUS_2' : 'CORPUS_3'), w)
      want.set(w.name, pages)
    }
  }, 120_000)
  afterAll(forgetSpread)

  it('the reference pages span several pages, lawsuits deduplicated and statutes then dispositivos', () => {
    for (const w of WALKS) expect(want.get(w.name)?.length, w.name).toBeGreaterThanOrEqual(2)
    const lawsuits = (want.get('lawsuits') ?? []).flat()
    expect(lawsuits.length).toBe(LAWSUITS)
    const legislation = (want.get('legislation') ?? []).flat()
    // Statutes first (positive ids), then dispositivos (negative ids), on one page.
    const firstProvision = legislation.findIndex((r) => r.id < 0)
    expect(firstProvision).toBe(STATUTES)
    expect(legislation.slice(firstProvision).every((r) => r.id < 0)).toBe(true)
    expect(Math.floor(STATUTES / PAGE_SIZE)).toBe(1)
  })

  for (const w of WALKS)
    it(`${w.name}: walked by the cursor in its one corpus database, every page is one database's`, async () => {
      await walkBoth(w, want.get(w.name) ?? [])
    })

  it('a page after a cursor reads fewer rows than the page by its number (D1’s rows read)', async () => {
    let rows = 0
    const counted = () => {
      const base = deps()
      return {
        ...base,
        corpus: createCorpus(
          () => loadShardMap(env.PAGE_VERSIONS),
          (binding) =>
            binding === 'DB'
              ? base.db
              : createDb(
                  counting(bindings[binding] as D1Database, (n) => {
                    rows += n
                  }),
                ),
        ),
      }
    }
    for (const w of WALKS) {
      const last = (want.get(w.name) ?? []).length
      let cursor: string | null = null
      for (let page = 1; page < last; page++) cursor = (await search(deps(), inputOf(w, page, cursor))).next
      rows = 0
      const byCursor = await search(counted(), inputOf(w, last, cursor))
      const withCursor = rows
      rows = 0
      const byNumber = await search(counted(), inputOf(w, last))
      const withOffset = rows
      expect(byCursor.sections[0]?.results, w.name).toEqual(byNumber.sections[0]?.results)
      expect(withCursor, w.name).toBeGreaterThan(0)
      // The page by its number reads every party (statute, dispositivo) of the pages before it.
      expect(withCursor, w.name).toBeLessThan(withOffset)
    }
  })

  it('the pages’ "Próxima" and "Anterior" links and the open API carry the cursor', async () => {
    const { key } = await apiKey()
    const paths: [Walk, string][] = [
      [WALKS[0] as Walk, `/busca?q=${WORD}&qo=en`],
      [WALKS[3] as Walk, `/legislacao/busca?q=${WORD}`],
    ]
    for (const [w, path] of paths) {
      const pages = want.get(w.name) ?? []
      const nextOf = (html: string) =>
        /href="([^"]+)"/.exec(/<a [^>]*rel="next"[^>]*>/.exec(html)?.[0] ?? '')?.[1]?.replace(/&amp;/g, '&')
      const second = nextOf(await (await get(path)).text())
      expect(second, path).toContain('cursor=')
      const secondHtml = await (await get(second as string)).text()
      for (const result of pages[1] ?? []) expect(secondHtml).toContain(`href="${result.href}"`)
      const third = await (await get(nextOf(secondHtml) as string)).text()
      for (const result of pages[2] ?? []) expect(third).toContain(`href="${result.href}"`)
      const previous = /href="([^"]+)"/
        .exec(/<a [^>]*rel="prev"[^>]*>/.exec(third)?.[0] ?? '')?.[1]
        ?.replace(/&amp;/g, '&')
      expect(previous, path).toContain('cursor=')
      expect(previous).toContain('page=2')
      // The open API walks by its nextCursor, which carries the search's.
      const titles: string[] = []
      let next: string | null = null
      do {
        const response = await apiGet(
          `/api/v2/busca/${w.category}?q=${WORD}${next ? `&cursor=${next}` : ''}`,
          key,
        )
        expect(response.status).toBe(200)
        const body = (await response.json()) as { items: { title: string }[]; nextCursor: string | null }
        titles.push(...body.items.map((item) => item.title))
        next = body.nextCursor
      } while (next)
      expect(titles.slice(0, pages.flat().length)).toEqual(pages.flat().map((r) => r.title))
    }
  })

  it('a cursor of another query is ignored: the page number’s offset is used', async () => {
    for (const w of [WALKS[0], WALKS[3]] as Walk[]) {
      const cursor = (await search(deps(), inputOf(w, 1))).next
      const other = { ...inputOf(w, 2, cursor), q: `${WORD} ${w.category === 'en' ? 'Ana' : 'regional'}` }
      const byNumber = await search(deps(), { ...other, cursor: null })
      expect((await search(deps(), other)).sections[0]?.results).toEqual(byNumber.sections[0]?.results)
    }
  })

  it('during a split’s window and after it, lawsuits and legislation over two databases walk to the same pages', async () => {
    for (const split of SPLITS) {
      const started = await startSplit(splitDeps(), split)
      if (!started.ok) throw new Error(`${split.entryId}: ${started.error}`)
      expect((await runSplit(splitDeps(), started.split.id, { batch: 7 })).step).toBe('aguardar')
    }
    const count = async (binding: string, table: string) => {
      const db: Database = createDb(bindings[binding] as D1Database)
      const [row] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.identifier(table)}`)
      return row?.n ?? 0
    }
    // The moved documents are in both databases.
    expect(await count('CORPUS_1', 'lawsuits')).toBeGreaterThan(0)
    expect(await count('CORPUS_4', 'statutes')).toBeGreaterThan(0)
    expect(await count('CORPUS_2', 'lawsuits')).toBe(LAWSUITS)
    for (const w of WALKS) await walkBoth(w, want.get(w.name) ?? [])
    for (const split of SPLITS) {
      const started = await startSplit(splitDeps(), split)
      if (!started.ok) throw new Error(`${split.entryId}: ${started.error}`)
      expect((await runSplit(splitDeps(), started.split.id, { batch: 50, graceMs: 0 })).step).toBe('feito')
    }
    // Each category now in two databases, each document in one.
    const moved = await count('CORPUS_1', 'lawsuits')
    expect(moved).toBeGreaterThan(0)
    expect(moved + (await count('CORPUS_2', 'lawsuits'))).toBe(LAWSUITS)
    const statutes = await count('CORPUS_4', 'statutes')
    expect(statutes).toBeGreaterThan(0)
    expect(statutes + (await count('CORPUS_3', 'statutes'))).toBe(STATUTES)
    for (const w of WALKS) await walkBoth(w, want.get(w.name) ?? [])
  }, 240_000)
})

describe('past COUNT_CAP, lawsuits in one shard page by their best party’s id (decisions/0087)', () => {
  it('each page after a cursor is the page one database gives by its number, each lawsuit once', async () => {
    const db = createDb(env.CORPUS_4)
    const base = 60 * SHARD_SPAN
    const lawsuits = Math.ceil(COUNT_CAP / 2) + 50
    // Two matching parties a lawsuit, ids side by side: past the cap the parties go by id, highest
    // first, so a page ends between a lawsuit's two parties and the next must not show it again.
    await db.run(
      sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${lawsuits})
        INSERT INTO lawsuits (id, cnj, court, filed_at, source) SELECT ${base} + i, printf('%020d', i), 'TJSP', '2022-01-01', 'teste' FROM n`,
    )
    await db.run(
      sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${lawsuits})
        INSERT INTO parties (id, lawsuit_id, pole, name)
        SELECT ${base} + 2 * i + j, ${base} + i, CASE j WHEN 0 THEN 'ativo' ELSE 'passivo' END, 'Parte comunzinha ' || i || ' ' || j
        FROM n CROSS JOIN (SELECT 0 AS j UNION ALL SELECT 1)`,
    )
    const map: ShardMap = {
      version: 1,
      entries: [
        {
          shard: 60,
          family: 'processo:',
          from: '',
          to: '~',
          idFrom: base,
          idTo: base + SHARD_SPAN,
          binding: 'CORPUS_4',
        },
      ],
    }
    const primary = createDb(env.DB)
    const corpus = createCorpus(
      async () => map,
      (binding) => (binding === 'DB' ? primary : db),
    )
    const expression = toMatchExpression(parseQuery('comunzinha')) as string
    let after: SearchKey | null = null
    const seen: number[] = []
    for (let page = 1; page <= 3; page++) {
      const key: KeyHolder = { next: null }
      const find = finderFor({ db: primary, corpus }, [db], [db], onceUnlisted(primary), key)
      const byCursor = await searchCategoryWith(
        find,
        'en',
        expression,
        PAGE_SIZE,
        (page - 1) * PAGE_SIZE,
        { after },
        key,
      )
      const byNumber = await searchCategory(db, 'en', expression, PAGE_SIZE, (page - 1) * PAGE_SIZE)
      expect(byNumber.total).toBe(COUNT_CAP + 1)
      expect(byNumber.results).toHaveLength(PAGE_SIZE)
      expect(byCursor.results, `page ${page}`).toEqual(byNumber.results)
      seen.push(...byCursor.results.map((r) => r.id))
      expect(key.next?.s).toBeUndefined()
      after = key.next
    }
    expect(new Set(seen).size).toBe(3 * PAGE_SIZE)
    await db.run(sql`DELETE FROM lawsuits WHERE id > ${base} AND id < ${base + SHARD_SPAN}`)
  }, 120_000)

  it('a cursor of the other regime (the words crossed COUNT_CAP since) is ignored: the page number’s offset', async () => {
    const db = createDb(env.CORPUS_4)
    const base = 61 * SHARD_SPAN
    const add = (from: number, to: number) =>
      db.run(
        sql`WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
          INSERT INTO lawsuits (id, cnj, court, filed_at, source) SELECT ${base} + i, printf('9%019d', i), 'TJSP', '2022-01-01', 'teste' FROM n`,
      )
    const parties = (from: number, to: number) =>
      db.run(
        sql`WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
          INSERT INTO parties (id, lawsuit_id, pole, name)
          SELECT ${base} + 2 * i + j, ${base} + i, CASE j WHEN 0 THEN 'ativo' ELSE 'passivo' END, 'Parte raridade ' || substr('xxxxxxxxxx', 1, i % 10) || ' ' || j
          FROM n CROSS JOIN (SELECT 0 AS j UNION ALL SELECT 1)`,
      )
    const lawsuits = Math.ceil(COUNT_CAP / 2) + 50
    await add(1, 3000)
    await parties(1, 3000)
    const map: ShardMap = {
      version: 1,
      entries: [
        {
          shard: 61,
          family: 'processo:',
          from: '',
          to: '~',
          idFrom: base,
          idTo: base + SHARD_SPAN,
          binding: 'CORPUS_4',
        },
      ],
    }
    const primary = createDb(env.DB)
    const corpus = createCorpus(
      async () => map,
      (binding) => (binding === 'DB' ? primary : db),
    )
    const expression = toMatchExpression(parseQuery('raridade')) as string
    const pageOf = async (page: number, after: SearchKey | null) => {
      const key: KeyHolder = { next: null }
      const find = finderFor({ db: primary, corpus }, [db], [db], onceUnlisted(primary), key)
      const found = await searchCategoryWith(
        find,
        'en',
        expression,
        PAGE_SIZE,
        (page - 1) * PAGE_SIZE,
        { after },
        key,
      )
      return { found, key: key.next }
    }
    // Ranked by bm25: the cursor is a score.
    const first = await pageOf(1, null)
    expect(first.key?.s).toBeDefined()
    await add(3001, lawsuits)
    await parties(3001, lawsuits)
    const second = await pageOf(2, first.key)
    const byNumber = await searchCategory(db, 'en', expression, PAGE_SIZE, PAGE_SIZE)
    expect(byNumber.total).toBe(COUNT_CAP + 1)
    expect(second.found.results).toEqual(byNumber.results)
    await db.run(sql`DELETE FROM lawsuits WHERE id > ${base} AND id < ${base + SHARD_SPAN}`)
  }, 120_000)
})
