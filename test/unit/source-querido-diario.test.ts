import { SELF } from 'cloudflare:test'
import { and, eq, inArray } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { gazetteArticles, gazetteEditions, gazettes } from '~/db/schema-corpus'
import { importDiario } from '~/domain/corpus/import/formats/diario'
import { QUERIDO_DIARIO_PAGE_SIZE, queridoDiarioClient } from '~/domain/sources/querido-diario/client'
import { storeQueridoDiario } from '~/domain/sources/querido-diario/store.server'
import { SourceError } from '~/domain/sources/types'
import { clearFaults, configs, fetchAll, setFault, workerFetch } from './feeds-helpers'
import { BASE, deps, ORIGIN, postJson } from './helpers'
import { sharedFile } from './shared-data'

const STEM = 'pratania_sp_2020-10-26_ed136'
const PRATANIA = { territory_id: '3541059', territory_name: 'Pratânia', state_code: 'SP' }
const sampleText = () => sharedFile(`diarios/${STEM}.txt`)

let serial = 0
/** A date and an edition number no other test stores (the sample itself is imported elsewhere). */
function freshEdition() {
  serial += 1
  const day = 1 + Math.floor(Math.random() * 27)
  const year = 2000 + Math.floor(Math.random() * 15)
  return {
    date: `${year}-0${1 + (serial % 9)}-${String(day).padStart(2, '0')}`,
    edition: String(5000 + serial * 97 + day),
  }
}

async function standIn(list: Record<string, unknown>[]) {
  await SELF.fetch(`${BASE}/__dev/querido-diario/diarios`, { method: 'DELETE', headers: ORIGIN })
  for (const gazette of list) {
    const response = await postJson('/__dev/querido-diario/diarios', gazette)
    expect(response.status).toBe(201)
  }
}

const short = (city: string, n: number) =>
  `PREFEITURA MUNICIPAL DE ${city.toUpperCase()}\nDECRETO Nº ${n} DE 1º DE MARÇO DE 2022\nDispõe sobre o expediente do dia ${n}.\nArt. 1º Fica decretado ponto facultativo.`

beforeEach(clearFaults)

describe('Querido Diário client against its stand-in, through the Worker', () => {
  it('pages through a window by offset and size, oldest first, and fetches each text', async () => {
    const list = Array.from({ length: QUERIDO_DIARIO_PAGE_SIZE + 3 }, (_, i) => ({
      ...PRATANIA,
      date: `2022-03-${String(1 + i).padStart(2, '0')}`,
      edition: String(900 + i),
      texto: short('Pratânia', i + 1),
    }))
    await standIn(list)
    const http = workerFetch()
    const all = await fetchAll(queridoDiarioClient, http, configs.queridoDiario(), {
      source: 'querido-diario',
      window: { from: '2022-03-01', to: '2022-03-31' },
      page: 1,
      query: { territory_ids: '3541059' },
    })
    expect(all.pages).toEqual([1, 2])
    expect(all.skipped).toEqual([])
    expect(all.records.map((r) => r.edition.number)).toEqual(list.map((g) => g.edition))
    const search = http.urls.filter((u) => u.includes('/api/gazettes')).map((u) => new URL(u))
    expect(search.map((u) => u.searchParams.get('offset'))).toEqual(['0', String(QUERIDO_DIARIO_PAGE_SIZE)])
    expect(Object.fromEntries(search[0]?.searchParams ?? [])).toEqual({
      published_since: '2022-03-01',
      published_until: '2022-03-31',
      offset: '0',
      size: String(QUERIDO_DIARIO_PAGE_SIZE),
      sort_by: 'ascending_date',
      territory_ids: '3541059',
    })
    // One search per page plus one text per gazette.
    expect(http.urls.filter((u) => u.endsWith('.txt'))).toHaveLength(list.length)
  })

  it('sends the terms, the municipalities and the window, and gets only what they name', async () => {
    await standIn([
      { ...PRATANIA, date: '2022-04-01', edition: '1', texto: short('Pratânia', 1) },
      {
        ...PRATANIA,
        date: '2022-04-02',
        edition: '2',
        texto: `${short('Pratânia', 2)}\nNomeia JOANA DA SILVA TESTE.`,
      },
      {
        territory_id: '3550308',
        territory_name: 'São Paulo',
        state_code: 'SP',
        date: '2022-04-02',
        edition: '3',
        texto: `${short('São Paulo', 3)}\nNomeia Joana da Silva Teste.`,
      },
      {
        ...PRATANIA,
        date: '2022-05-02',
        edition: '4',
        texto: `${short('Pratânia', 4)}\nJoana da Silva Teste.`,
      },
    ])
    const page = (query: Record<string, string>) =>
      queridoDiarioClient.fetchPage(workerFetch(), configs.queridoDiario(), {
        source: 'querido-diario',
        window: { from: '2022-04-01', to: '2022-04-30' },
        page: 1,
        query,
      })
    const editions = async (query: Record<string, string>) =>
      (await page(query)).records.map((r) => r.edition.number)
    expect(await editions({})).toEqual(['1', '2', '3'])
    expect(await editions({ querystring: '"joana da silva teste"' })).toEqual(['2', '3'])
    expect(await editions({ querystring: '"joana da silva teste"', territory_ids: '3541059' })).toEqual(['2'])
    expect(await editions({ territory_ids: '3550308,3541059' })).toEqual(['1', '2', '3'])
    const [saoPaulo] = (await page({ territory_ids: '3550308' })).records
    expect(saoPaulo?.gazette).toMatchObject({
      slug: 'dom-sao-paulo-sp',
      name: 'Diário Oficial do Município de São Paulo/SP',
    })
  })

  it('throws on a changed envelope, a 429 or 500, and a cut text; skips a gazette without text with its reason', async () => {
    await standIn([{ ...PRATANIA, date: '2022-06-01', edition: '1', texto: short('Pratânia', 1) }])
    const request = {
      source: 'querido-diario' as const,
      window: { from: '2022-06-01', to: '2022-06-30' },
      page: 1,
    }
    const attempt = () =>
      queridoDiarioClient.fetchPage(workerFetch(), configs.queridoDiario(), request).catch((e: unknown) => e)
    await setFault({ fonte: 'querido-diario', tipo: 'campo' })
    const changed = await attempt()
    expect(changed).toBeInstanceOf(SourceError)
    expect(changed).toMatchObject({ source: 'querido-diario', kind: 'shape' })
    await setFault({ fonte: 'querido-diario', tipo: '429', retry_after: 30 })
    expect(await attempt()).toMatchObject({ kind: 'http', retryAfterSeconds: 30 })
    await setFault({ fonte: 'querido-diario', tipo: '500' })
    expect(await attempt()).toMatchObject({ kind: 'http' })
    // A cut search (its JSON does not parse), then a cut text (short of its declared length).
    await setFault({ fonte: 'querido-diario', tipo: 'corte' })
    expect(await attempt()).toMatchObject({ kind: 'truncated' })
    await setFault({ fonte: 'querido-diario', tipo: 'corte', caminho: '.txt' })
    expect(await attempt()).toMatchObject({
      kind: 'truncated',
      message: expect.stringContaining('texto incompleto'),
    })
    expect(await attempt()).toMatchObject({ records: [expect.objectContaining({ kind: 'Decreto' })] })

    // A gazette listed before its text was extracted, and one whose text is only layout.
    await standIn([
      { ...PRATANIA, date: '2022-06-02', edition: '2', texto: '   ' },
      { ...PRATANIA, date: '2022-06-03', edition: '3', texto: short('Pratânia', 3) },
    ])
    const result = await queridoDiarioClient.fetchPage(workerFetch(), configs.queridoDiario(), request)
    expect(result.records.map((r) => r.edition.number)).toEqual(['3'])
    expect(result.skipped).toEqual([{ ref: '3541059 2022-06-02 ed. 2', reason: 'arquivo de texto vazio' }])
  })

  it('a gazette whose text is gone (404) is skipped with its reason; the rest of the page goes in', async () => {
    await standIn([
      { ...PRATANIA, date: '2022-07-01', edition: '1', texto: short('Pratânia', 1) },
      { ...PRATANIA, date: '2022-07-02', edition: '2', texto: short('Pratânia', 2) },
    ])
    const inner = workerFetch()
    let texts = 0
    // The first text is gone from the file server; everything else is answered by the stand-in.
    const http = async (url: string, init?: RequestInit) =>
      url.endsWith('.txt') && texts++ === 0 ? new Response('Not Found', { status: 404 }) : inner(url, init)
    const result = await queridoDiarioClient.fetchPage(http, configs.queridoDiario(), {
      source: 'querido-diario',
      window: { from: '2022-07-01', to: '2022-07-31' },
      page: 1,
    })
    expect(result.records.map((r) => r.edition.number)).toEqual(['2'])
    expect(result.skipped).toEqual([
      { ref: '3541059 2022-07-01 ed. 1', reason: 'texto do diário não encontrado (404)' },
    ])
  })

  it('stores what `npm run import` of the same edition stores, and a second fetch stores nothing new', async () => {
    const { date, edition } = freshEdition()
    const stem = `pratania_sp_${date}_ed${edition}`
    const imported = await importDiario(deps(), [
      { name: `${stem}.txt`, content: sampleText() },
      { name: `${stem}.tika_metadata.json`, content: sharedFile(`diarios/${STEM}.tika_metadata.json`) },
    ])
    expect(imported.issues).toEqual([])
    expect(imported.counts).toMatchObject({ imported: 6, updated: 0, unchanged: 0 })
    const db = deps().db
    const snapshot = () =>
      db
        .select({
          article: gazetteArticles,
          gazette: gazettes.slug,
          gazetteName: gazettes.name,
          edition: gazetteEditions.number,
        })
        .from(gazetteArticles)
        .innerJoin(gazettes, eq(gazettes.id, gazetteArticles.gazetteId))
        .innerJoin(gazetteEditions, eq(gazetteEditions.id, gazetteArticles.editionId))
        .where(
          and(
            eq(gazettes.slug, 'dom-pratania-sp'),
            eq(gazetteArticles.date, date),
            inArray(gazetteEditions.number, [edition]),
          ),
        )
        .orderBy(gazetteArticles.externalId)
    const afterImport = await snapshot()
    expect(afterImport).toHaveLength(6)

    await standIn([{ ...PRATANIA, date, edition, texto: sampleText() }])
    for (let run = 0; run < 2; run++) {
      const fetched = await fetchAll(queridoDiarioClient, workerFetch(), configs.queridoDiario(), {
        source: 'querido-diario',
        window: { from: date, to: date },
        page: 1,
        query: { territory_ids: PRATANIA.territory_id },
      })
      expect(fetched.skipped).toEqual([])
      expect(await storeQueridoDiario(deps(), fetched.records)).toEqual({
        imported: 0,
        updated: 0,
        unchanged: 6,
        skipped: 0,
      })
      expect(await snapshot()).toEqual(afterImport)
    }
  })
})
