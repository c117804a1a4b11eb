import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { buildCnj } from '~/domain/corpus/cnj'
import { SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import { createCorpus, loadShardMap, singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { runSplit, type SplitDeps, startSplit } from '~/domain/corpus/split/split.server'
import { upsertStatute } from '~/domain/corpus/store/documents.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { searchCategory, searchCategoryWith } from '~/domain/search/categories.server'
import type { KeyHolder, SearchKey } from '~/domain/search/cursor'
import { NO_FILTERS, type SearchFilters } from '~/domain/search/filters'
import { COUNT_CAP } from '~/domain/search/fts.server'
import { parseQuery, toMatchExpression } from '~/domain/search/query'
import { search } from '~/domain/search/search.server'
import { onceUnlisted } from '~/domain/search/shard-rows.server'
import { finderFor } from '~/domain/search/shard-search.server'
import { PAGE_SIZE, type Result } from '~/domain/search/types'
import { deps, get } from './helpers'
import { apiGet, apiKey } from './open-api-helpers'
import { forgetSpread, publishSpread } from './spread-map'

// decisions/0087: lawsuits (a page of lawsuits from their parties' rows) and legislation (statutes
// then dispositivos) page by a keyset cursor across shards, like every other category. Walked
// forward by "Próxima"'s cursor and back by "Anterior"'s, every page is the page one database
// gives by its number: with each category in one corpus database, during a split's window (the
// moved documents in two databases) and after it (the category over two databases by id range).
// This file publishes a map, so it runs apart (own-database.mjs).

const ENTRIES = [
  { id: 990, shard: 51, family: 'dou', binding: 'CORPUS_1' },
  { id: 991, shard: 52, family: 'processo:', binding: 'CORPUS_2' },
  { id: 992, shard: 53, family: 'jurisprudencia:', binding: 'CORPUS_3' },
  { id: 993, shard: 54, family: 'legislacao', binding: 'CORPUS_3' },
  { id: 994, shard: 55, family: 'entidades', binding: 'CORPUS_4' },
]
const SPLITS = [
  { entryId: 991, target: 'CORPUS_1' },
  { entryId: 993, target: 'CORPUS_4' },
]
const WORD = 'cursorama'
const TODAY = '2026-11-26'
const FIRST = ['Ana', 'Bento', 'Clara', 'Dario', 'Elisa', 'Fabio', 'Gilda', 'Heitor', 'Iris', 'Joel']
const LAST = ['Souza', 'Lima', 'Prado', 'Teles', 'Reis', 'Moura', 'Viana']
const LAWSUITS = 53
const STATUTES = 27

/** A lawsuit whose parties match the word once or twice (two parties of it, the word's count and lengths varying). */
const lawsuit = (i: number) => ({
  cnj: buildCnj(7100 + i, 2019 + (i % 4), 8, i % 2 ? 26 : 19, 100 + (i % 9)),
  court: i % 2 ? 'TJSP' : 'TJRJ',
  className: 'Procedimento Comum Cível',
  // Days repeat, so "Mais recentes" has ties between lawsuits.
  filedAt: `2023-0${(i % 5) + 1}-1${i % 3}`,
  secrecyLevel: 0,
  source: 'datajud' as const,
  subjects: [],
  parties: [
    {
      pole: 'ativo' as const,
      name: `${FIRST[i % 10]} ${WORD} ${LAST[i % 7]}${i % 4 ? '' : ' de Almeida Castro'}`,
      lawyers: [],
    },
    ...(i % 3 === 0
      ? [{ pole: 'passivo' as const, name: `${WORD} ${WORD} Comércio ${LAST[i % 5]} Ltda`, lawyers: [] }]
      : []),
    { pole: 'passivo' as const, name: `Estado Réu ${i}`, lawyers: [] },
  ],
  movements: [],
})
/** Statutes whose ementa matches, each with dispositivos that match too (two, or one). */
const statute = (i: number) => ({
  urn: `urn:lex:br:federal:lei:2020;cursor${i}`,
  slug: `lei-cursor-${i}`,
  kind: 'Lei',
  number: String(8000 + i),
  date: `202${i % 4}-0${(i % 6) + 1}-1${i % 2}`,
  title: `Lei nº ${8000 + i}`,
  summary: `Dispõe sobre ${WORD}${i % 3 ? '' : ` e ${WORD} regional`} ${i}.`,
  sphere: 'federal' as const,
  provisions: [
    { anchor: 'art1', kind: 'artigo' as const, text: `Art. 1º O ${WORD} ${i}.`, depth: 0 },
    ...(i % 2
      ? [
          {
            anchor: 'art2',
            kind: 'artigo' as const,
            text: `Art. 2º ${WORD} ${WORD} e o mais que for ${i}.`,
            depth: 0,
          },
        ]
      : []),
    { anchor: 'art3', kind: 'artigo' as const, text: `Art. 3º Esta Lei entra em vigor.`, depth: 0 },
  ],
})

type Walk = { name: string; category: 'en' | 'leis'; filters?: Partial<SearchFilters> }
const WALKS: Walk[] = [
  { name: 'lawsuits', category: 'en' },
  { name: 'lawsuits, newest first', category: 'en', filters: { ordem: 'recentes' } },
  { name: 'lawsuits of the TJSP', category: 'en', filters: { tribunal: ['TJSP'] } },
  { name: 'legislation', category: 'leis' },
  { name: 'legislation, newest first', category: 'leis', filters: { ordem: 'recentes' } },
]
const inputOf = (w: Walk, page: number, cursor: string | null = null) => ({
  q: WORD,
  category: w.category,
  page,
  filters: { ...NO_FILTERS, ...w.filters },
  today: TODAY,
  cursor,
})
const splitDeps = (): SplitDeps => ({
  db: createDb(env.DB),
  pageVersions: env.PAGE_VERSIONS,
  open: deps().corpus.open,
})
const bindings = env as unknown as Record<string, D1Database>
/** The search of one database holding every document of the category: pages by their number. */
const oneDatabase = (binding: string) => {
  const db = createDb(bindings[binding] as D1Database)
  return { ...deps(), db, corpus: singleDatabaseCorpus(db) }
}

/** One database's pages, by number, until the last one with results. */
async function pagesByNumber(on: ReturnType<typeof deps>, w: Walk) {
  const pages: Result[][] = []
  for (let page = 1; ; page++) {
    const section = (await search(on, inputOf(w, page))).sections[0]
    if (!section?.results.length) break
    pages.push(section.results)
    if (section.results.length < PAGE_SIZE) break
  }
  return pages
}

/** Every page walked forward by the cursor, then back by "Anterior"'s: each must be `want`'s. */
async function walkBoth(w: Walk, want: Result[][]) {
  let cursor: string | null = null
  const cursorOf = new Map<number, string | null>()
  const seen: number[] = []
  for (const [at, page] of want.entries()) {
    cursorOf.set(at + 1, cursor)
    const outcome = await search(deps(), inputOf(w, at + 1, cursor))
    expect(outcome.sections[0]?.results, `${w.name}: page ${at + 1}`).toEqual(page)
    seen.push(...(outcome.sections[0]?.results ?? []).map((r) => r.id))
    expect(typeof outcome.next, `${w.name}: page ${at + 1} has a cursor`).toBe('string')
    cursor = outcome.next
  }
  // Each lawsuit, statute and dispositivo once.
  expect(new Set(seen).size).toBe(seen.length)
  // Past the last page: nothing more (none missing, none repeated).
  const after = await search(deps(), inputOf(w, want.length + 1, cursor))
  expect(after.sections[0]?.results ?? [], `${w.name}: after the last page`).toEqual([])
  let back = await search(deps(), inputOf(w, want.length, cursorOf.get(want.length) ?? null))
  for (let page = want.length - 1; page >= 1; page--) {
    if (page >= 2) expect(typeof back.previous, `${w.name}: page ${page + 1}'s "Anterior"`).toBe('string')
    back = await search(deps(), inputOf(w, page, page >= 2 ? back.previous : null))
    expect(back.sections[0]?.results, `${w.name}: back to page ${page}`).toEqual(want[page - 1])
  }
}

/** A corpus binding that counts the rows its statements read (D1's `rows_read`). */
function counting(d1: D1Database, count: (n: number) => void): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>()
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, name) {
        if (name === 'bind') return (...values: unknown[]) => wrap(target.bind(...values))
        if (name === 'all')
          return async () => {
            const result = await target.all()
            count(result.meta.rows_read)
            return result
          }
        if (name === 'raw')
          return async (options?: { columnNames?: boolean }) => {
            const result = (await target.raw(options as { columnNames: true })) as unknown[]
            count(result.length)
            return result
          }
        const value = Reflect.get(target, name, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    originals.set(wrapped, statement)
    return wrapped
  }
  return new Proxy(d1, {
    get(target, name) {
      if (name === 'prepare') return (query: string) => wrap(target.prepare(query))
      if (name === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((st) => originals.get(st) ?? st))
          for (const result of results) count(result.meta?.rows_read ?? 0)
          return results
        }
      const value = Reflect.get(target, name, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

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
