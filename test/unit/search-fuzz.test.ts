import { beforeAll, describe, expect, it } from 'vitest'
import { buildCnj } from '~/domain/corpus/cnj'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { ensurePeople } from '~/domain/corpus/store/entities.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { FILTER_MARKER, FILTERS_BY_CATEGORY } from '~/domain/search/filters'
import { SEARCH_CATEGORIES, type SearchCategory } from '~/domain/search/types'
import { createRng } from '~/fixtures/corpus/random'
import { decisionRecord, deps, get } from './helpers'

/**
 * Hostile input on every search parameter, pages and JSON API: nothing may answer 5xx.
 *
 * Targeted rather than sheer volume, so it holds its time budget on a loaded 2-core machine
 * (about 400 API calls and 60 pages instead of 1,900 random requests): every hostile value of
 * every parameter is sent in each category that reads it (the category decides which filters
 * apply, so each pairing reaches different SQL), each with the next hostile query in turn, plus
 * seeded random mixes of several parameters at once. Requests go a few at a time.
 */

const CATEGORIES = [...SEARCH_CATEGORIES, 'x', '']

/** Query text: FTS5 syntax, quotes of both kinds, markup, SQL, emoji, very long, and real words. */
const HOSTILE_Q = [
  '"',
  '“dano moral',
  '(a OR b) NEAR c*',
  'AND OR NOT',
  '-d:e',
  'col: ^x',
  '🙂 ção',
  '%_&#;',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '\\',
  'a'.repeat(300),
  Array.from({ length: 60 }, (_, i) => `p${i}`).join(' '),
  '\u202e\u0000\n',
  '   ',
  '',
  'silva "contrato de',
  'nomear* -silva',
  '0000001-00.2020.8.26.0001',
  '00000010020208260001',
]

/** Every parameter the search URL reads, with values it must refuse or clamp calmly. */
const HOSTILE_PARAMS: Record<string, string[]> = {
  page: ['-2', '0', '1', '999999', '1e99', 'abc', ''],
  [FILTER_MARKER]: ['1', '', 'x'],
  uf: ['SP', 'rj', 'XX', 'SPX', '', '💥'],
  cidade: ['sao-paulo', 'sao--paulo', '%00', '../..', 'a'.repeat(200)],
  tribunal: ['TJSP', 'TRF-3', "'; DROP", 'A'.repeat(40), ''],
  diario: ['doe-sp', 'DOE SP', '<b>', ''],
  caderno: ['secao-1', '../..', '', '%'],
  tipo: ['0', '7', '-3', 'abc', '1e99', '999999999999'],
  especie: ['lei', 'LEI ORDINÁRIA', '"', ''],
  de: ['2024-01-01', '2024-02-30', '31/12/2020', 'ontem', '9999-99-99', '1899-01-01'],
  ate: ['2023-01-01', '2099-12-31', '-1', ''],
  de_texto: ['01/01/2024', '31/02/2024', '2024-01-01', 'xx/yy/zzzz'],
  ate_texto: ['31/12/2099', '00/00/0000', '1/1/1'],
  ordem: ['recentes', 'relevancia', 'x', ''],
}

/** Parameters that only take effect next to another one (a city narrows a single UF). */
const COMPANIONS: Record<string, [string, string][]> = { cidade: [['uf', 'SP']] }

/** Which parameters a category reads: the page and marker always, its filters, and the typed dates. */
function paramsOf(qo: string): string[] {
  const filters: readonly string[] = FILTERS_BY_CATEGORY[qo as SearchCategory] ?? []
  const dates = filters.includes('de') ? ['de_texto', 'ate_texto'] : []
  return ['page', FILTER_MARKER, ...filters, ...dates]
}

/**
 * The requests, deterministic: every hostile value of every parameter in each category that
 * reads it (and once in "Tudo", which ignores filters), then seeded random mixes of several.
 */
function apiRequests(): URLSearchParams[] {
  const out: URLSearchParams[] = []
  let n = 0
  const nextQ = () => HOSTILE_Q[n++ % HOSTILE_Q.length] as string
  const single = (qo: string, name: string, value: string) => {
    const params = new URLSearchParams({ q: nextQ(), qo })
    if (name !== FILTER_MARKER) params.set(FILTER_MARKER, '1')
    for (const [other, otherValue] of COMPANIONS[name] ?? []) params.append(other, otherValue)
    params.append(name, value)
    out.push(params)
  }
  for (const qo of CATEGORIES)
    for (const name of paramsOf(qo)) for (const value of HOSTILE_PARAMS[name] ?? []) single(qo, name, value)
  // "Tudo" reads no filter: each value once there too, to be ignored calmly.
  for (const [name, values] of Object.entries(HOSTILE_PARAMS))
    if (!paramsOf('t').includes(name)) for (const value of values) single('t', name, value)

  const rng = createRng(11)
  for (let i = 0; i < 100; i++) {
    const qo = rng.pick(CATEGORIES)
    const params = new URLSearchParams({ q: rng.pick(HOSTILE_Q), qo })
    if (rng.chance(0.8)) params.append(FILTER_MARKER, '1')
    for (const name of paramsOf(qo))
      if (rng.chance(0.5))
        for (let k = rng.int(1, 2); k > 0; k--) params.append(name, rng.pick(HOSTILE_PARAMS[name] ?? []))
    out.push(params)
  }
  return out
}

/** Runs `each` over `items`, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, each: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await each(items[next++] as T)
  }
  await Promise.all(Array.from({ length: limit }, worker))
}

describe('search pages never fail', () => {
  // Something to find in every category, so result rendering, snippets and facets run too.
  beforeAll(async () => {
    const db = deps().db
    await upsertDecisions(singleDatabaseCorpus(db), [
      decisionRecord('fuzz', '1', 'Contrato de locação. Silva contra Silva. Nomear perito.'),
    ])
    await ensurePeople(db, ['Joaquim Silva Contrato'])
    await upsertLawsuits(db, [
      {
        cnj: buildCnj(1, 2020, 8, 26, 1),
        court: 'TJSP',
        className: 'Procedimento Comum Cível',
        classCode: 7,
        secrecyLevel: 0,
        source: 'fuzz',
        subjects: [],
        movements: [],
        parties: [{ pole: 'ativo', name: 'Joaquim Silva Contrato', lawyers: [] }],
      },
    ])
    await upsertGazetteArticles(db, [
      {
        gazette: { slug: 'doe-sp', name: 'Diário Oficial SP', sphere: 'estadual', uf: 'SP' },
        edition: { date: '2024-01-02', number: '1', extra: false },
        section: 'secao-1',
        externalId: 'fuzz-1',
        kind: 'Portaria',
        organ: null,
        title: 'PORTARIA Nº 1',
        body: 'Nomear Joaquim Silva Contrato para o cargo de assessor.',
        page: 1,
        lawsuitCnj: null,
      },
    ])
  })

  it('sends every parameter that some category reads', () => {
    const read = new Set(CATEGORIES.flatMap(paramsOf))
    for (const name of read) expect(HOSTILE_PARAMS[name], name).toBeDefined()
    const sent = new Set(apiRequests().flatMap((params) => [...params.keys()]))
    expect([...sent].sort()).toEqual(['q', 'qo', ...Object.keys(HOSTILE_PARAMS)].sort())
  })

  it('the JSON API answers 200 to hostile values of every parameter in every category', async () => {
    const requests = apiRequests()
    expect(requests.length).toBeGreaterThan(300)
    await pool(requests, 4, async (params) => {
      const res = await get(`/api/v2/busca?${params}`)
      expect(res.status, params.toString()).toBe(200)
      expect(await res.json(), params.toString()).toHaveProperty('sections')
    })
  }, 240_000)

  it('the result pages answer without a 5xx to every hostile query, on each search route', async () => {
    const requests: string[] = []
    HOSTILE_Q.forEach((q, i) => {
      const qo = CATEGORIES[i % CATEGORIES.length] as string
      const page = HOSTILE_PARAMS.page?.[i % 7] as string
      requests.push(`/busca?${new URLSearchParams({ q, qo, page })}`)
      requests.push(
        `/jurisprudencia/busca?${new URLSearchParams({ q, page, [FILTER_MARKER]: '1', ordem: 'x' })}`,
      )
      requests.push(`/legislacao/busca?${new URLSearchParams({ q, especie: '"', de_texto: '31/02/2024' })}`)
    })
    await pool(requests, 3, async (path) => {
      const res = await get(path, { redirect: 'manual' })
      expect(res.status, path).toBeLessThan(500)
      await res.arrayBuffer()
    })
  }, 240_000)
})
