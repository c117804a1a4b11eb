import { env } from 'cloudflare:test'
import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '~/db/client.server'
import { monitorings } from '~/db/schema-monitoring'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { slugify } from '~/domain/corpus/import/text'
import { runSplit, type SplitDeps, startSplit } from '~/domain/corpus/split/split.server'
import { upsertDecisions, upsertStatute } from '~/domain/corpus/store/documents.server'
import { type GazetteArticleRecord, upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { checkWindow } from '~/domain/monitoring/check.server'
import { rebuildSpelling } from '~/domain/search/spelling-terms.server'
import { rebuildSuggestions } from '~/domain/suggestions/suggestions.server'
import { createUser, decisionRecord, deps, get, sessionCookie } from './helpers'
import { apiGet, apiKey } from './open-api-helpers'
import { forgetSpread, publishSpread } from './spread-map'

// decisions/0083, item 2: the split window. After a split's switch and before its delete
// (decisions/0077) the moved documents are in two databases; every reader that is not a search
// must list and count each document once, from the database the map gives it. Each shard kind
// is split up to that point, and each page and builder is compared with what it gave before
// the split, when every document was in one database. This file publishes a map, so it runs
// apart (own-database.mjs).

const ENTRIES = [
  { id: 980, shard: 41, family: 'dou', binding: 'CORPUS_1', target: 'CORPUS_2' },
  { id: 981, shard: 42, family: 'processo:', binding: 'CORPUS_2', target: 'CORPUS_1' },
  { id: 982, shard: 43, family: 'jurisprudencia:', binding: 'CORPUS_3', target: 'CORPUS_4' },
  { id: 983, shard: 44, family: 'legislacao', binding: 'CORPUS_3', target: 'CORPUS_4' },
  { id: 984, shard: 45, family: 'entidades', binding: 'CORPUS_4', target: 'CORPUS_3' },
]
const WORD = 'janeladivisoria'
const PERSON = 'Zuleica Janela Divisa'
const COMPANY = { cnpj: '11222333000181', legalName: 'Janela Divisa Comércio Ltda' }
const DATE = '2024-05-02'
const cnjOf = (i: number) => buildCnj(8300 + i, 2020, 8, 26, 100)

const materia = (i: number): GazetteArticleRecord => ({
  gazette: { slug: 'dou', name: 'Diário Oficial da União', sphere: 'federal' },
  edition: { date: DATE, number: '1', extra: false },
  section: 'Seção 1',
  externalId: `janela-${i}`,
  kind: 'Portaria',
  organ: null,
  title: `PORTARIA JANELA ${i}`,
  body: `Nomear ${PERSON} para o cargo ${WORD} ${i}.`,
  page: i + 1,
  lawsuitCnj: null,
  mentions: { people: [PERSON], companies: [COMPANY] },
})
const statute = (i: number) => ({
  urn: `urn:lex:br:federal:lei:2024;janela${i}`,
  slug: `lei-janela-${i}`,
  kind: 'Lei',
  number: String(9000 + i),
  date: `2024-0${i + 1}-10`,
  title: `Lei nº ${9000 + i}`,
  summary: `Dispõe sobre ${WORD} ${i}.`,
  sphere: 'federal' as const,
  provisions: [{ anchor: 'art1', kind: 'artigo' as const, text: `Art. 1º ${WORD}.`, depth: 0 }],
})

const splitDeps = (): SplitDeps => ({
  db: createDb(env.DB),
  pageVersions: env.PAGE_VERSIONS,
  open: deps().corpus.open,
})
let cookie = ''
let key = ''

/** What a person sees of a page: its text and links, without scripts (nonces, request ids). */
async function seen(path: string, open = false) {
  const response = open ? await apiGet(path, key) : await get(path, { headers: { Cookie: cookie } })
  expect(response.status, path).toBe(200)
  const body = await response.text()
  if (open) return body
  const links = [...body.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, '')
    // The coverage page says when its numbers were computed: a minute that turns between the
    // two reads is no difference a reader would see in the documents.
    .replace(/Números calculados dos próprios dados em [^<]*/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
  return `${text}\n${links.join('\n')}`
}
/** How often a link to a document's page is on a page. */
const times = (page: string, href: string) => page.split(`\n${href}`).length - 1

const PAGES = () => [
  `/diarios/dou?data=${DATE}`,
  `/diarios/dou?data=${DATE}&caderno=secao-1`,
  `/pessoas/${slugify(PERSON)}`,
  `/empresas/${slugify(COMPANY.legalName)}-${COMPANY.cnpj}`,
  '/cobertura',
  '/jurisprudencia',
  '/legislacao',
  `/legislacao/lei-janela-0`,
  `/processos/${formatCnj(cnjOf(0))}`,
  '/sitemap.xml',
]
const OPEN = () => [
  `/api/v2/pessoas/${slugify(PERSON)}`,
  `/api/v2/empresas/${slugify(COMPANY.legalName)}-${COMPANY.cnpj}`,
  `/api/v2/processos/${cnjOf(0)}`,
]

const primaryRows = (query: SQL) => createDb(env.DB).all(query)

describe('the split window: every reader sees each document once (decisions/0083)', () => {
  const before = new Map<string, string>()
  let importedFrom = 0
  let monitoringUser = 0

  beforeAll(async () => {
    // Each entry keeps its id: the split job is started by it.
    await publishSpread(ENTRIES.map(({ target: _, ...entry }) => entry))
    cookie = await sessionCookie((await createUser()).id)
    key = (await apiKey()).key
    // A name monitoring made before the documents came: each of them a hit, once.
    monitoringUser = (await createUser()).id
    await createDb(env.DB)
      .insert(monitorings)
      .values({
        userId: monitoringUser,
        kind: 'nome',
        term: PERSON,
        sources: ['diarios', 'processos'],
        createdAt: Date.now() - 1000,
      })
    importedFrom = Date.now() - 1
    const d = deps()
    await upsertGazetteArticles(d, [0, 1, 2, 3].map(materia))
    await upsertLawsuits(
      d,
      [0, 1, 2, 3].map((i) => ({
        cnj: cnjOf(i),
        court: 'TJSP',
        className: 'Procedimento Comum Cível',
        filedAt: `2023-0${i + 1}-15`,
        secrecyLevel: 0,
        source: 'datajud',
        subjects: [],
        parties: [
          { pole: 'ativo' as const, name: PERSON, lawyers: [] },
          {
            pole: 'passivo' as const,
            name: `Outro Janela ${['Ari', 'Bel', 'Caio', 'Dora'][i]}`,
            lawyers: [],
          },
        ],
        movements: [
          { at: `2024-02-0${i + 1}T10:00:00`, code: null, name: `Movimento janela ${i}`, complements: null },
        ],
      })),
    )
    await upsertDecisions(
      d.corpus,
      [0, 1, 2, 3].map((i) => ({
        ...decisionRecord('janela', String(i), `Ementa ${WORD} ${i}.`),
        publishedAt: `2021-0${i + 1}-01`,
      })),
    )
    for (const i of [0, 1]) await upsertStatute(d, statute(i))
  })
  afterAll(forgetSpread)

  it('pages, open API, sitemaps, builders and the monitoring sweep give what they gave before the split', async () => {
    const paths = PAGES()
    for (const path of paths) before.set(path, await seen(path))
    const locs = async (path: string) =>
      [...(await (await get(path)).text()).matchAll(/<loc>https?:\/\/[^/]+(\/[^<]+)<\/loc>/g)].map(
        (m) => m[1] as string,
      )
    const sitemaps = await locs('/sitemap.xml')
    expect(sitemaps.length).toBeGreaterThan(0)
    for (const path of sitemaps) before.set(path, await (await get(path)).text())
    for (const path of OPEN()) before.set(path, await seen(path, true))
    // The builders, as the cron runs them, from the shards into the primary.
    const build = async () => {
      const d = deps()
      await rebuildSpelling(d.db, undefined, d.corpus)
      for (let run = 0; run < 20; run++) {
        const report = await rebuildSuggestions({ ...d, now: () => new Date('2026-11-26T12:00:00Z') })
        if (report.caughtUp && report.pending === 0 && report.changed === 0) break
      }
      return {
        spelling: await primaryRows(
          sql`SELECT source, term, docs FROM spelling_terms WHERE term LIKE 'janela%' ORDER BY 1, 2`,
        ),
        names: await primaryRows(
          sql`SELECT source, entity_id, name, weight FROM suggestion_names WHERE norm LIKE '%janela%' ORDER BY 1, 2, 3`,
        ),
      }
    }
    const built = await build()
    expect(built.spelling.length).toBeGreaterThan(0)
    expect(built.names).toContainEqual(expect.objectContaining({ name: PERSON, weight: 8 }))
    // The sweep of the window the documents came in: each checked once, each a hit once.
    const sweep = () => checkWindow(deps(), { from: importedFrom, to: Date.now() + 1 })
    const swept = await sweep()
    expect(swept).toMatchObject({ documents: 8, hits: 8 })
    await createDb(env.DB).run(sql`DELETE FROM monitoring_hits WHERE user_id = ${monitoringUser}`)

    // Every shard split up to the switch: the older part moved, still in both databases.
    for (const entry of ENTRIES) {
      const started = await startSplit(splitDeps(), { entryId: entry.id, target: entry.target })
      if (!started.ok) throw new Error(`${entry.family}: ${started.error}`)
      expect((await runSplit(splitDeps(), started.split.id, { batch: 3 })).step).toBe('aguardar')
    }
    const copies = await createDb(env.CORPUS_2).all<{ n: number }>(
      sql`SELECT count(*) AS n FROM gazette_articles WHERE external_id LIKE 'janela-%'`,
    )
    expect(copies[0]?.n, 'the moved matérias are in the target too').toBeGreaterThan(0)

    const differ: string[] = []
    for (const [path, was] of before) {
      const now = path.startsWith('/api/')
        ? await seen(path, true)
        : sitemaps.includes(path)
          ? await (await get(path)).text()
          : await seen(path)
      if (now !== was) differ.push(path)
    }
    const again = await build()
    if (JSON.stringify(again.spelling) !== JSON.stringify(built.spelling)) differ.push('ortografia')
    if (JSON.stringify(again.names) !== JSON.stringify(built.names)) differ.push('sugestões')
    const sweptAgain = await sweep()
    if (sweptAgain.documents !== 8 || sweptAgain.hits !== 8)
      differ.push(`monitoramento ${JSON.stringify(sweptAgain)}`)
    expect(differ).toEqual([])
    // Each matéria listed once in its edition, and once on the person's page.
    const edition = before.get(`/diarios/dou?data=${DATE}`) ?? ''
    const person = before.get(`/pessoas/${slugify(PERSON)}`) ?? ''
    for (const id of [...edition.matchAll(/\n\/diarios\/materia\/(\d+)/g)].map((m) => m[1]))
      expect(times(person, `/diarios/materia/${id}`), `matéria ${id}`).toBe(1)
    expect(new Set([...edition.matchAll(/\n\/diarios\/materia\/(\d+)/g)].map((m) => m[1])).size).toBe(4)
  }, 180_000)
})
