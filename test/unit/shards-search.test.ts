import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { corpusShards } from '~/db/schema-shards'
import { hiddenPages } from '~/db/schema-trust'
import { SHARD_SPAN } from '~/domain/corpus/shard-map'
import {
  createCorpus,
  publishShardMap,
  SHARD_MAP_KEY,
  singleDatabaseCorpus,
} from '~/domain/corpus/shards.server'
import { search } from '~/domain/search/search.server'
import { rebuildSpelling } from '~/domain/search/spelling-terms.server'
import { PAGE_SIZE, type Result } from '~/domain/search/types'
import { suggest } from '~/domain/suggestions/suggestions.server'
import { countingD1 } from './counting-d1'
import { deps, get } from './helpers'
import { apiGet, apiKey } from './open-api-helpers'
import {
  buildSuggestions,
  CASES,
  forgetSuggestions,
  inputOf,
  PREFIXES,
  visible,
  WALKS,
  walkInput,
} from './shards-search-cases'
import {
  CORPUS_TABLES,
  MAP,
  rowsOf,
  SHARD_MAP,
  spreadCorpus,
  WORD,
  writeCorpus,
} from './shards-search-corpus'

// decisions/0076: every search category over several corpus bindings gives what the same
// documents give in one database, order included. The corpus is written to the primary (the
// "one database": with no map the product reads only it) and each row is copied, with its id,
// to the binding a spread map puts it in: DOU, state gazettes, two court families of lawsuits,
// two of case law, legislation and two hash halves of people and companies over CORPUS_1..4.
// Every search is then run twice, through the spread map and through the primary alone.

const expected = new Map<string, ReturnType<typeof visible>>()
const walked = new Map<string, Result[][]>()
const suggested = new Map<string, string[]>()

describe('every search category over several corpus bindings (decisions/0076)', () => {
  beforeAll(async () => {
    const primary = createDb(env.DB)
    await writeCorpus(primary)
    // Links to people and companies stay out: D1 enforces parties' and mentions' foreign keys,
    // which cannot cross databases until they are dropped (decisions/0072's consequences).
    await primary.run(sql`UPDATE parties SET person_id = NULL, company_id = NULL`)
    await primary.run(sql`DELETE FROM article_mentions`)
    // One de-indexed page of each kind, in the primary as always.
    const pick = async (query: string) => Number((await rowsOf(primary, query))[0]?.id)
    const hide = [
      [
        'pessoa',
        await pick(`SELECT id FROM people WHERE name LIKE '%${WORD}%' ORDER BY id LIMIT 1 OFFSET 3`),
      ],
      ['empresa', await pick('SELECT id FROM companies ORDER BY id LIMIT 1 OFFSET 2')],
      ['materia', await pick('SELECT id FROM gazette_articles ORDER BY id LIMIT 1 OFFSET 4')],
      ['processo', await pick('SELECT id FROM lawsuits ORDER BY id LIMIT 1 OFFSET 5')],
      ['decisao', await pick('SELECT id FROM decisions ORDER BY id LIMIT 1 OFFSET 1')],
      ['lei', await pick('SELECT id FROM statutes ORDER BY id LIMIT 1 OFFSET 3')],
    ] as const
    await primary
      .insert(hiddenPages)
      .values(hide.map(([kind, refId]) => ({ kind, refId, effect: 'desindexar' as const, requestId: 0 })))
    const one = { ...deps(), corpus: singleDatabaseCorpus(primary) }
    await rebuildSpelling(primary)
    await buildSuggestions(one)
    for (const prefix of PREFIXES) suggested.set(prefix, await suggest(one, prefix))
    for (const c of CASES) expected.set(c.name, visible(await search(one, inputOf(c))))
    for (const w of WALKS) {
      const pages: Result[][] = []
      for (let page = 1; ; page++) {
        const section = (await search(one, walkInput(w, page))).sections[0]
        pages.push(section?.results ?? [])
        if (!section || page * PAGE_SIZE >= section.total) break
      }
      walked.set(w.name, pages)
    }
    await spreadCorpus(primary)
    // The filter lists are cached for an hour: the spread search reads them afresh.
    const kv = deps().suggestions
    for (const key of (await kv.list({ prefix: 'opcoes-filtro:' })).keys) await kv.delete(key.name)
    for (const table of CORPUS_TABLES) await primary.run(sql.raw(`DELETE FROM ${table}`))
    await primary.delete(corpusShards)
    await primary.insert(corpusShards).values(
      MAP.map((e, i) => ({
        id: 200 + i,
        ...e,
        idFrom: e.shard * SHARD_SPAN,
        idTo: (e.shard + 1) * SHARD_SPAN,
      })),
    )
    await publishShardMap({ db: primary, pageVersions: env.PAGE_VERSIONS })
    // The cron's builders start over, now reading the shards (the primary has no corpus left).
    await primary.run(sql`DELETE FROM spelling_terms`)
    await rebuildSpelling(primary, undefined, deps().corpus)
    await forgetSuggestions(primary)
    await buildSuggestions(deps())
  }, 120_000)
  afterAll(async () => {
    await createDb(env.DB).delete(corpusShards)
    await env.PAGE_VERSIONS.delete(SHARD_MAP_KEY)
  })

  for (const c of CASES)
    it(`${c.name}: the same results as one database, in its order`, async () => {
      const want = expected.get(c.name)
      const [first] = want?.sections ?? []
      if (c.category !== 't' && !c.name.startsWith('nothing') && !c.name.startsWith('a misspelt'))
        expect(first?.results.length).toBeGreaterThan(0)
      if (c.name.startsWith('nothing')) expect(want?.elsewhere.length).toBeGreaterThan(0)
      if (c.name.startsWith('a misspelt')) expect(want?.spelling).toContain(WORD)
      expect(visible(await search(deps(), inputOf(c)))).toEqual(want)
    })

  it('every search page kind, with filters, answers 200 under the spread map with the documents one database finds', async () => {
    const pages: [string, string][] = [
      [`/busca?q=${WORD}`, 'Tudo'],
      [`/busca?q=${WORD}&qo=p`, 'people'],
      [`/busca?q=${WORD}&qo=p&page=2`, 'people, page 2'],
      [`/busca?q=${WORD}&qo=i`, 'companies'],
      [`/busca?q=${WORD}&qo=d`, 'matérias'],
      [`/busca?q=${WORD}&qo=d&filtro=1&uf=SP`, 'matérias of SP'],
      [`/busca?q=${WORD}&qo=d&filtro=1&de=2021-01-01&ate=2023-12-31`, 'matérias in a period'],
      [`/busca?q=${WORD}&qo=d&filtro=1&ordem=recentes&page=2`, 'matérias, newest first, page 2'],
      [`/busca?q=${WORD}&qo=en`, 'lawsuits'],
      [`/busca?q=${WORD}&qo=en&filtro=1&tribunal=TJSP`, 'lawsuits of the TJSP'],
      [`/busca?q=${WORD}&qo=en&filtro=1&ordem=recentes`, 'lawsuits, newest first'],
      [`/jurisprudencia/busca?q=${WORD}`, 'case law'],
      [`/jurisprudencia/busca?q=${WORD}&filtro=1&tribunal=STJ`, 'case law of the STJ'],
      [`/jurisprudencia/busca?q=${WORD}&filtro=1&ordem=recentes`, 'case law, newest first'],
      [`/legislacao/busca?q=${WORD}`, 'legislation'],
      [`/legislacao/busca?q=${WORD}&page=2`, 'legislation, page 2'],
    ]
    for (const [path, name] of pages) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      const results = expected.get(name)?.sections.flatMap((section) => section.results) ?? []
      expect(results.length, name).toBeGreaterThan(0)
      for (const result of results)
        expect(html, `${path}: ${result.title}`).toContain(`href="${result.href}"`)
    }
    // The request's one DbTimer times every shard's session: Server-Timing's db counts them all.
    const timed = deps()
    await search(timed, inputOf(CASES.find((c) => c.name === 'people') as (typeof CASES)[number]))
    // The primary's de-indexed pages, two entidades shards' round, their rows, three shards' appearances.
    expect(timed.dbTimer.calls).toBeGreaterThanOrEqual(6)
    expect((await get(`/busca?q=${WORD}&qo=p`)).headers.get('Server-Timing')).toMatch(/\bdb;dur=/)
    // The site's JSON search and the open API: the same use-case, the same documents.
    const json = (await (await get(`/api/v2/busca?q=${WORD}&qo=en&filtro=1&tribunal=TJSP`)).json()) as {
      sections: unknown
    }
    expect(json.sections).toEqual(expected.get('lawsuits of the TJSP')?.sections)
    const { key } = await apiKey()
    const open = await apiGet(`/api/v2/busca/p?q=${WORD}`, key)
    expect(open.status).toBe(200)
    const body = (await open.json()) as { total: number; items: { title: string }[] }
    const people = expected.get('people')?.sections[0]
    expect(body.total).toBe(people?.total)
    expect(body.items.map((item) => item.title)).toEqual(people?.results.map((r) => r.title))
  })

  it('a page after a cursor asks each shard for a page of rows, not for every row before it', async () => {
    // The shards' bindings, counting the rows their statements return.
    let rows = 0
    const counting = (d1: D1Database) =>
      countingD1(
        d1,
        (n) => {
          rows += n
        },
        'returned',
      )
    const primary = deps().db
    const bindings = env as unknown as Record<string, D1Database>
    const counted = () => ({
      ...deps(),
      corpus: createCorpus(
        async () => SHARD_MAP,
        (binding) => (binding === 'DB' ? primary : createDb(counting(bindings[binding] as D1Database))),
      ),
    })
    for (const w of WALKS.filter((one) => one.category === 'd')) {
      const want = walked.get(w.name) ?? []
      const last = want.length
      let cursor: string | null = null
      for (let page = 1; page < last; page++) cursor = (await search(deps(), walkInput(w, page, cursor))).next
      expect(typeof cursor).toBe('string')
      rows = 0
      const byCursor = await search(counted(), walkInput(w, last, cursor))
      const withCursor = rows
      rows = 0
      const byNumber = await search(counted(), walkInput(w, last))
      const withOffset = rows
      expect(byCursor.sections).toEqual(byNumber.sections)
      // Without the cursor every shard sends up to offset + limit rows; with it, up to a page each.
      expect(withCursor, w.name).toBeLessThan(withOffset)
      expect(withCursor, w.name).toBeLessThanOrEqual(2 * 3 * PAGE_SIZE)
    }
  })

  for (const w of WALKS)
    it(`${w.name}: walked by the cursor, every page is one database's page, each document once`, async () => {
      const want = walked.get(w.name) ?? []
      expect(want.length).toBeGreaterThan(1)
      let cursor: string | null = null
      const seen: number[] = []
      const cursorOf = new Map<number, string | null>()
      for (const [at, page] of want.entries()) {
        cursorOf.set(at + 1, cursor)
        const outcome = await search(deps(), walkInput(w, at + 1, cursor))
        expect(outcome.sections[0]?.results, `page ${at + 1}`).toEqual(page)
        seen.push(...(outcome.sections[0]?.results ?? []).map((r) => r.id))
        if (at < want.length - 1) expect(typeof outcome.next, `page ${at + 1}`).toBe('string')
        cursor = outcome.next
      }
      expect(new Set(seen).size).toBe(seen.length)
      // And back by "Anterior"'s cursor (decisions/0083), from the last page to the first: the same pages.
      let back = await search(deps(), walkInput(w, want.length, cursorOf.get(want.length) ?? null))
      for (let page = want.length - 1; page >= 1; page--) {
        if (page >= 2) expect(typeof back.previous, `page ${page + 1}`).toBe('string')
        back = await search(deps(), walkInput(w, page, page >= 2 ? back.previous : null))
        expect(back.sections[0]?.results, `back to page ${page}`).toEqual(want[page - 1])
        expect(back.previous === null, `page ${page}`).toBe(page <= 2)
      }
      // A cursor of another query is not taken for this one's: the page number's offset is.
      const other = await search(deps(), { ...walkInput(w, 2, cursor), q: `${WORD} fauna` })
      expect(other.sections[0]?.results).toEqual(
        (await search(deps(), { ...walkInput(w, 2), q: `${WORD} fauna` })).sections[0]?.results,
      )
    })

  it('the page’s "Próxima" link and the open API carry the cursor', async () => {
    const want = walked.get('matérias') ?? []
    const first = await (await get(`/busca?q=${WORD}&qo=d`)).text()
    const anchor = /<a [^>]*rel="next"[^>]*>/.exec(first)?.[0] ?? ''
    const link = /href="([^"]+)"/.exec(anchor)?.[1]?.replace(/&amp;/g, '&')
    expect(link).toContain('cursor=')
    const second = await (await get(link as string)).text()
    for (const result of want[1] ?? []) expect(second).toContain(`href="${result.href}"`)
    // Page 3's "Anterior" carries a cursor too (decisions/0083), and leads to page 2.
    const nextOf = (html: string) =>
      /href="([^"]+)"/.exec(/<a [^>]*rel="next"[^>]*>/.exec(html)?.[0] ?? '')?.[1]?.replace(/&amp;/g, '&')
    const third = await (await get(nextOf(second) as string)).text()
    const previous = /href="([^"]+)"/
      .exec(/<a [^>]*rel="prev"[^>]*>/.exec(third)?.[0] ?? '')?.[1]
      ?.replace(/&amp;/g, '&')
    expect(previous).toContain('cursor=')
    expect(previous).toContain('page=2')
    const again = await (await get(previous as string)).text()
    for (const result of want[1] ?? []) expect(again).toContain(`href="${result.href}"`)
    const { key } = await apiKey()
    const titles: string[] = []
    let next: string | null = null
    do {
      const response = await apiGet(`/api/v2/busca/d?q=${WORD}${next ? `&cursor=${next}` : ''}`, key)
      expect(response.status).toBe(200)
      const body = (await response.json()) as { items: { title: string }[]; nextCursor: string | null }
      titles.push(...body.items.map((item) => item.title))
      next = body.nextCursor
    } while (next)
    expect(titles).toEqual(want.flat().map((r) => r.title))
  })

  it('the autocomplete suggestions, built by the cron from the shards, are those of one database', async () => {
    const names = [...suggested.values()].flat()
    expect(names.some((name) => name.startsWith('Ana'))).toBe(true)
    expect(names.some((name) => name.startsWith('TARTARUGAL'))).toBe(true)
    for (const prefix of PREFIXES)
      expect(await suggest(deps(), prefix), prefix).toEqual(suggested.get(prefix))
  })

  it('the corpus is no longer in the primary: only the shards could have answered', async () => {
    const primary = createDb(env.DB)
    for (const table of CORPUS_TABLES)
      expect(await rowsOf(primary, `SELECT 1 AS one FROM ${table} LIMIT 1`)).toEqual([])
  })
})
