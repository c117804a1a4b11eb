import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type Database } from '~/db/client.server'
import { corpusShards } from '~/db/schema-shards'
import { hiddenPages } from '~/db/schema-trust'
import { buildCnj } from '~/domain/corpus/cnj'
import { type DocumentKey, entryFor, placementOf, SHARD_SPAN, type ShardMap } from '~/domain/corpus/shard-map'
import {
  createCorpus,
  publishShardMap,
  SHARD_MAP_KEY,
  singleDatabaseCorpus,
} from '~/domain/corpus/shards.server'
import { upsertDecisions, upsertStatute } from '~/domain/corpus/store/documents.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { NO_FILTERS, type SearchFilters } from '~/domain/search/filters'
import { search } from '~/domain/search/search.server'
import { rebuildSpelling } from '~/domain/search/spelling-terms.server'
import { PAGE_SIZE, type Result, type SearchCategory } from '~/domain/search/types'
import { rebuildSuggestions, suggest } from '~/domain/suggestions/suggestions.server'
import { decisionRecord, deps, get } from './helpers'
import { apiGet, apiKey } from './open-api-helpers'

// decisions/0076: every search category over several corpus bindings gives what the same
// documents give in one database, order included. The corpus is written to the primary (the
// "one database": with no map the product reads only it) and each row is copied, with its id,
// to the binding a spread map puts it in: DOU, state gazettes, two court families of lawsuits,
// two of case law, legislation and two hash halves of people and companies over CORPUS_1..4.
// Every search is then run twice, through the spread map and through the primary alone.

const MAP = [
  { shard: 1, family: 'dou', periodFrom: '', periodTo: '~', binding: 'CORPUS_1' },
  { shard: 2, family: 'diario:', periodFrom: '', periodTo: '~', binding: 'CORPUS_2' },
  { shard: 3, family: 'processo:', periodFrom: '', periodTo: '~', binding: 'CORPUS_3' },
  { shard: 4, family: 'processo:8.26', periodFrom: '', periodTo: '~', binding: 'CORPUS_2' },
  { shard: 5, family: 'jurisprudencia:', periodFrom: '', periodTo: '~', binding: 'CORPUS_3' },
  { shard: 6, family: 'jurisprudencia:stj', periodFrom: '', periodTo: '~', binding: 'CORPUS_4' },
  { shard: 7, family: 'legislacao', periodFrom: '', periodTo: '~', binding: 'CORPUS_3' },
  { shard: 8, family: 'entidades', periodFrom: '', periodTo: '80', binding: 'CORPUS_4' },
  { shard: 9, family: 'entidades', periodFrom: '80', periodTo: '~', binding: 'CORPUS_1' },
]
const SHARD_MAP: ShardMap = {
  version: 1,
  entries: MAP.map((e) => ({
    shard: e.shard,
    family: e.family,
    from: e.periodFrom,
    to: e.periodTo,
    idFrom: e.shard * SHARD_SPAN,
    idTo: (e.shard + 1) * SHARD_SPAN,
    binding: e.binding,
  })),
}

const WORD = 'tartarugal'
const TODAY = '2026-11-26'
const FIRST = ['Ana', 'Bento', 'Clara', 'Dario', 'Elisa', 'Fabio', 'Gilda', 'Heitor', 'Iris', 'Joel']
const LAST = ['Souza', 'Lima', 'Prado', 'Teles', 'Reis']
const people = Array.from(
  { length: 30 },
  (_, i) => `${FIRST[i % 10]} ${WORD} ${LAST[i % 5]} ${['Neto', 'Filho', 'Junior'][Math.floor(i / 10)]}`,
)
const companies = Array.from(
  { length: 12 },
  (_, i) => `${WORD.toUpperCase()} ${LAST[i % 5]?.toUpperCase()} ${i} COMERCIO LTDA`,
)
const COURTS = [
  [8, 26, 'TJSP'],
  [8, 19, 'TJRJ'],
  [5, 2, 'TRT2'],
] as const

/** The rows of a table in the primary as objects (what is copied to a shard, id included). */
const rowsOf = (db: Database, query: string) => db.all<Record<string, unknown>>(sql.raw(query))

async function copy(db: Database, table: string, rows: Record<string, unknown>[]) {
  for (const row of rows) {
    const columns = Object.keys(row)
    await db.run(
      sql`INSERT OR IGNORE INTO ${sql.raw(table)} (${sql.raw(columns.join(', '))}) VALUES (${sql.join(
        columns.map((c) => sql`${row[c]}`),
        sql`, `,
      )})`,
    )
  }
}

const bindingOf = (key: DocumentKey) => entryFor(SHARD_MAP, placementOf(key)).binding
const database = (binding: string) =>
  createDb((env as unknown as Record<string, D1Database>)[binding] as D1Database)

/** Copies the primary's corpus rows to the bindings the map puts them in. */
async function spreadCorpus(primary: Database) {
  const reference = ['gazettes', 'gazette_editions', 'gazette_sections']
  for (const binding of ['CORPUS_1', 'CORPUS_2'])
    for (const table of reference)
      await copy(database(binding), table, await rowsOf(primary, `SELECT * FROM ${table}`))
  for (const table of ['people', 'companies']) {
    for (const row of await rowsOf(primary, `SELECT * FROM ${table}`))
      await copy(database(bindingOf({ kind: 'pessoa', slug: String(row.slug) })), table, [row])
  }
  const materias = await rowsOf(
    primary,
    `SELECT ga.*, g.slug AS gslug, g.uf AS guf FROM gazette_articles ga JOIN gazettes g ON g.id = ga.gazette_id`,
  )
  for (const { gslug, guf, ...row } of materias) {
    const binding = bindingOf({
      kind: 'materia',
      gazette: gslug === 'dou' ? 'dou' : { uf: (guf as string | null) ?? null },
      date: String(row.date),
    })
    await copy(database(binding), 'gazette_articles', [row])
    await copy(
      database(binding),
      'article_mentions',
      await rowsOf(primary, `SELECT * FROM article_mentions WHERE article_id = ${row.id}`),
    )
  }
  for (const row of await rowsOf(primary, 'SELECT * FROM lawsuits')) {
    const db = database(bindingOf({ kind: 'processo', cnj: String(row.cnj) }))
    await copy(db, 'lawsuits', [row])
    for (const table of ['parties', 'movements'])
      await copy(db, table, await rowsOf(primary, `SELECT * FROM ${table} WHERE lawsuit_id = ${row.id}`))
  }
  for (const row of await rowsOf(primary, 'SELECT * FROM decisions'))
    await copy(database(bindingOf({ kind: 'decisao', court: String(row.court), date: null })), 'decisions', [
      row,
    ])
  const laws = database(bindingOf({ kind: 'lei' }))
  await copy(laws, 'statutes', await rowsOf(primary, 'SELECT * FROM statutes'))
  await copy(laws, 'provisions', await rowsOf(primary, 'SELECT * FROM provisions'))
}

/** Every corpus table the copy filled, children first (the primary is emptied of them). */
const CORPUS_TABLES = [
  'article_mentions',
  'gazette_articles',
  'movements',
  'parties',
  'lawsuits',
  'people',
  'companies',
  'decisions',
  'provisions',
  'statutes',
]

const gazettes = {
  dou: { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' as const },
  sp: { slug: 'doe-sp-shards', name: 'Diário Oficial de SP', sphere: 'estadual' as const, uf: 'SP' },
  rj: { slug: 'doe-rj-shards', name: 'Diário Oficial do RJ', sphere: 'estadual' as const, uf: 'RJ' },
}

/** The test corpus, written to the primary by the product's own writers. */
async function writeCorpus(primary: Database) {
  const gazetteList = [gazettes.dou, gazettes.sp, gazettes.rj]
  await upsertGazetteArticles(
    primary,
    Array.from({ length: 45 }, (_, i) => {
      const gazette = gazetteList[i % 3] as (typeof gazetteList)[number]
      const times = 1 + (i % 4)
      return {
        gazette,
        edition: { date: `202${i % 5}-0${1 + (i % 9)}-1${i % 10}`, number: `e${i}`, extra: false },
        section: i % 2 ? 'Seção 1' : 'Seção 2',
        externalId: `shards-search-${i}`,
        kind: 'Portaria',
        organ: null,
        title: `PORTARIA ${i} ${i % 5 === 0 ? WORD.toUpperCase() : ''}`.trim(),
        body: `${`Trata do ${WORD} e da fauna. `.repeat(times)}${'Texto de enchimento sem o termo. '.repeat(i % 7)}`,
        page: 1,
        lawsuitCnj: null,
        mentions: {
          people: [people[i % people.length] as string],
          companies: [
            {
              cnpj: String(11222333000100 + (i % companies.length)),
              legalName: companies[i % companies.length] as string,
            },
          ],
        },
      }
    }),
  )
  await upsertLawsuits(
    primary,
    Array.from({ length: 36 }, (_, i) => {
      const [segment, court, name] = COURTS[i % 3] as (typeof COURTS)[number]
      return {
        cnj: buildCnj(5000 + i, 2015 + (i % 9), segment, court, 1),
        court: name,
        className: i % 2 ? 'Procedimento Comum Cível' : 'Execução Fiscal',
        classCode: i % 2 ? 7 : 1116,
        filedAt: `20${15 + (i % 9)}-0${1 + (i % 9)}-0${1 + (i % 9)}`,
        secrecyLevel: i % 11 === 10 ? 1 : 0,
        source: 'teste',
        subjects: [],
        movements: [],
        parties: [
          { pole: 'ativo' as const, name: people[i % people.length] as string, lawyers: [] },
          { pole: 'passivo' as const, name: people[(i * 7 + 3) % people.length] as string, lawyers: [] },
        ],
      }
    }),
  )
  await upsertDecisions(
    singleDatabaseCorpus(primary),
    Array.from({ length: 30 }, (_, i) => ({
      ...decisionRecord(
        'shards-search',
        String(i),
        `${`Ementa: ${WORD}. `.repeat(1 + (i % 3))}${'Outro assunto. '.repeat(i % 5)}`,
      ),
      court: ['TJSP', 'STJ', 'TJRJ'][i % 3] as string,
      publishedAt: `20${18 + (i % 6)}-0${1 + (i % 9)}-2${i % 8}`,
    })),
  )
  for (let n = 0; n < 8; n++)
    await upsertStatute(primary, {
      urn: `urn:lex:br:federal:lei:2021;${7700 + n}`,
      slug: `lei-${7700 + n}-2021`,
      kind: n % 2 ? 'Lei' : 'Decreto',
      number: String(7700 + n),
      date: `20${10 + n}-03-0${1 + n}`,
      title: n % 3 === 0 ? `Lei do ${WORD} ${n}` : `Lei ordinária ${n}`,
      summary: `Dispõe sobre o assunto ${n}.`,
      sphere: 'federal',
      provisions: Array.from({ length: 6 }, (_, k) => ({
        anchor: `art${k + 1}`,
        kind: 'artigo' as const,
        text: k % 2 ? `O ${WORD} protegido ${k}.` : `Disposição ${k}.`,
        depth: 0,
      })),
    })
}

/** The searches compared: each category, with filters, "Mais recentes" and later pages. */
const CASES: {
  name: string
  category: SearchCategory
  page?: number
  filters?: Partial<SearchFilters>
  q?: string
}[] = [
  { name: 'Tudo', category: 't' },
  { name: 'people', category: 'p' },
  { name: 'people, page 2', category: 'p', page: 2 },
  { name: 'people with two words', category: 'p', q: `${WORD} prado` },
  { name: 'companies', category: 'i' },
  { name: 'matérias', category: 'd' },
  { name: 'matérias, page 2', category: 'd', page: 2 },
  { name: 'matérias of SP', category: 'd', filters: { uf: ['SP'] } },
  { name: 'matérias in a period', category: 'd', filters: { de: '2021-01-01', ate: '2023-12-31' } },
  { name: 'matérias, newest first', category: 'd', filters: { ordem: 'recentes' } },
  { name: 'matérias, newest first, page 2', category: 'd', page: 2, filters: { ordem: 'recentes' } },
  { name: 'lawsuits', category: 'en' },
  { name: 'lawsuits, page 2', category: 'en', page: 2 },
  { name: 'lawsuits of the TJSP', category: 'en', filters: { tribunal: ['TJSP'] } },
  { name: 'lawsuits of the TJSP and TRT2', category: 'en', filters: { tribunal: ['TJSP', 'TRT2'] } },
  { name: 'lawsuits, newest first', category: 'en', filters: { ordem: 'recentes' } },
  { name: 'case law', category: 'jr' },
  { name: 'case law of the STJ', category: 'jr', filters: { tribunal: ['STJ'] } },
  { name: 'case law, newest first', category: 'jr', filters: { ordem: 'recentes' } },
  { name: 'legislation', category: 'leis' },
  { name: 'legislation, page 2', category: 'leis', page: 2 },
  { name: 'legislation, newest first', category: 'leis', filters: { ordem: 'recentes' } },
  { name: 'legislation of a kind', category: 'leis', filters: { especie: 'decreto' } },
  { name: 'lawsuits of a class', category: 'en', filters: { tipo: 7 } },
  { name: 'matérias of a caderno', category: 'd', filters: { caderno: 'secao-1' } },
  { name: 'matérias of a gazette', category: 'd', filters: { diario: 'doe-rj-shards' } },
  // Zero results: the counts in other categories and the spelling (decisions/0042) across shards.
  { name: 'nothing here, found elsewhere', category: 'en', q: 'fauna' },
  { name: 'nothing here, in legislation', category: 'p', q: 'protegido' },
  {
    name: 'nothing with the filter, counted here too',
    category: 'jr',
    q: 'fauna',
    filters: { tribunal: ['STJ'] },
  },
  { name: 'a misspelt word', category: 'd', q: 'tartarugl' },
  { name: 'a misspelt word in Tudo', category: 't', q: 'tartarugl fauna' },
  { name: 'a misspelt name', category: 'p', q: 'tartarugak' },
]
const inputOf = (c: (typeof CASES)[number]) => ({
  q: c.q ?? WORD,
  category: c.category,
  page: c.page ?? 1,
  filters: { ...NO_FILTERS, ...c.filters },
  today: TODAY,
})
const visible = (outcome: Awaited<ReturnType<typeof search>>) => ({
  // `next` (the cursor) exists only across shards: the results are what must agree.
  sections: outcome.sections,
  options: outcome.options,
  elsewhere: outcome.elsewhere,
  spelling: outcome.spelling,
})

const expected = new Map<string, ReturnType<typeof visible>>()

/** Every page of a search walked by the cursor under the spread map, by page number in one database. */
const WALKS: { name: string; category: 'p' | 'i' | 'd' | 'jr'; filters?: Partial<SearchFilters> }[] = [
  { name: 'people', category: 'p' },
  { name: 'matérias', category: 'd' },
  { name: 'matérias of SP and RJ', category: 'd', filters: { uf: ['SP', 'RJ'] } },
  { name: 'matérias, newest first', category: 'd', filters: { ordem: 'recentes' } },
  { name: 'case law', category: 'jr' },
  { name: 'case law, newest first', category: 'jr', filters: { ordem: 'recentes' } },
]
const walked = new Map<string, Result[][]>()
const walkInput = (w: (typeof WALKS)[number], page: number, cursor: string | null = null) => ({
  q: WORD,
  category: w.category,
  page,
  filters: { ...NO_FILTERS, ...w.filters },
  today: TODAY,
  cursor,
})

/** Autocomplete inputs: KV lists of 3 to 5 characters, and the D1 lookup from 6 on. */
const PREFIXES = ['ana', 'ben', 'cla', 'tar', 'tart', 'tarta', 'elisa tar', 'tartarugal lima']
const suggested = new Map<string, string[]>()

/** The cron's suggestion rebuild until it has nothing left to do. */
async function buildSuggestions(on: ReturnType<typeof deps>) {
  for (let run = 0; run < 20; run++) {
    const report = await rebuildSuggestions({ ...on, now: () => new Date(`${TODAY}T12:00:00Z`) })
    if (report.caughtUp && report.pending === 0 && report.changed === 0) return
  }
  throw new Error('suggestions never settled')
}

/** The suggestion weights and lists gone, as before any cron run. */
async function forgetSuggestions(primary: Database) {
  for (const table of ['suggestion_names', 'suggestion_cursors', 'suggestion_dirty_prefixes'])
    await primary.run(sql.raw(`DELETE FROM ${table}`))
  const kv = deps().suggestions
  for (const key of (await kv.list()).keys) await kv.delete(key.name)
}

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
    const counting = (d1: D1Database): D1Database => {
      const originals = new WeakMap<object, D1PreparedStatement>()
      const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
        const wrapped = new Proxy(statement, {
          get(target, name) {
            if (name === 'bind') return (...values: unknown[]) => wrap(target.bind(...values))
            if (name === 'all')
              return async () => {
                const result = await target.all()
                rows += result.results.length
                return result
              }
            if (name === 'raw')
              return async (options?: { columnNames?: boolean }) => {
                const result = (await target.raw(options as { columnNames: true })) as unknown[]
                rows += result.length
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
              for (const result of results) rows += result.results?.length ?? 0
              return results
            }
          const value = Reflect.get(target, name, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    }
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
