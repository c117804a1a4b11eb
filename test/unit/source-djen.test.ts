import { env, SELF } from 'cloudflare:test'
import { beforeEach, describe, expect, it } from 'vitest'
import { DJEN_PAGE_SIZE, djenClient } from '~/domain/sources/djen/client'
import { SourceError } from '~/domain/sources/types'
import { sourceFetcher } from '../../workers/lib/source-fetcher'
import { clearFaults, configs, fetchAll, setFault, workerFetch } from './feeds-helpers'
import { BASE } from './helpers'
import { type Item, manyCommunications, standIn } from './source-djen-helpers'

beforeEach(clearFaults)

describe('DJEN client against its stand-in, through the Worker', () => {
  it('pages through a window 100 items at a time and stops at the last page', async () => {
    const items = manyCommunications(2 * DJEN_PAGE_SIZE + 5, 'TJMG', '2025-10-01')
    await standIn(items)
    const http = workerFetch()
    const all = await fetchAll(djenClient, http, configs.djen(), {
      source: 'djen',
      window: { from: '2025-10-01', to: '2025-10-01' },
      page: 1,
      query: { siglaTribunal: 'TJMG' },
    })
    expect(all.pages).toEqual([1, 2, 3])
    expect(all.skipped).toEqual([])
    expect(all.records.map((r) => r.id).sort()).toEqual(items.map((i) => String(i.id)).sort())
    const first = new URL(http.urls[0] ?? '')
    expect(first.pathname).toBe('/__dev/djen/api/v1/comunicacao')
    expect(Object.fromEntries(first.searchParams)).toEqual({
      siglaTribunal: 'TJMG',
      dataDisponibilizacaoInicio: '2025-10-01',
      dataDisponibilizacaoFim: '2025-10-01',
      pagina: '1',
      itensPorPagina: '100',
    })
  })

  it('sends the OAB, the party, the lawsuit and the window, and gets only what they name', async () => {
    const mine = manyCommunications(3, 'TJMG', '2025-10-02', '777111')
    const others = manyCommunications(4, 'TJMG', '2025-10-02', '888222')
    const earlier = manyCommunications(2, 'TJMG', '2025-09-01', '777111')
    await standIn([...mine, ...others, ...earlier])
    const page = (query: Record<string, string>, from = '2025-10-01') =>
      djenClient.fetchPage(workerFetch(), configs.djen(), {
        source: 'djen',
        window: { from, to: '2025-10-31' },
        page: 1,
        query,
      })
    const ids = (items: Item[]) => items.map((i) => String(i.id)).sort()
    const byOab = await page({ numeroOab: '777111', ufOab: 'MG' })
    expect(byOab.records.map((r) => r.id).sort()).toEqual(ids(mine))
    expect((await page({ numeroOab: '777111', ufOab: 'SP' })).records).toEqual([])
    expect((await page({ numeroOab: '777111', ufOab: 'MG' }, '2025-09-01')).records).toHaveLength(5)
    const one = mine[1] as Item
    const byLawsuit = await page({ numeroProcesso: String(one.numeroprocessocommascara) })
    expect(byLawsuit.records.map((r) => r.id)).toEqual([String(one.id)])
    expect((await page({ nomeParte: 'parte sigilosa', siglaTribunal: 'TJMG' })).records).toHaveLength(7)
    expect((await page({ nomeParte: 'ninguém', siglaTribunal: 'TJMG' })).records).toEqual([])
  })

  it('throws a shape error when the envelope changed, an HTTP error with the wait on 429, truncated on a cut body', async () => {
    await standIn(manyCommunications(3, 'TJMG', '2025-10-03'))
    const request = {
      source: 'djen' as const,
      window: { from: '2025-10-03', to: '2025-10-03' },
      page: 1,
      query: { siglaTribunal: 'TJMG' },
    }
    const attempt = () =>
      djenClient.fetchPage(workerFetch(), configs.djen(), request).catch((e: unknown) => e)

    await setFault({ fonte: 'djen', tipo: 'campo' })
    const changed = await attempt()
    expect(changed).toBeInstanceOf(SourceError)
    expect(changed).toMatchObject({ source: 'djen', kind: 'shape' })

    await setFault({ fonte: 'djen', tipo: '429', retry_after: 60 })
    expect(await attempt()).toMatchObject({ kind: 'http', retryAfterSeconds: 60 })
    await setFault({ fonte: 'djen', tipo: '500' })
    expect(await attempt()).toMatchObject({ kind: 'http', retryAfterSeconds: undefined })
    await setFault({ fonte: 'djen', tipo: 'corte' })
    expect(await attempt()).toMatchObject({ kind: 'truncated' })

    // Each fault was for one answer: the next one is whole.
    const whole = await attempt()
    expect(whole).not.toBeInstanceOf(Error)
    expect((whole as { records: unknown[] }).records).toHaveLength(3)

    // `vezes`: that many answers fail, then the source is whole again (what a retry then sees).
    await setFault({ fonte: 'djen', tipo: '500', vezes: 2 })
    expect(await attempt()).toMatchObject({ kind: 'http' })
    expect(await attempt()).toMatchObject({ kind: 'http' })
    expect(await attempt()).toMatchObject({ records: expect.any(Array) })
  })

  it('a slow answer comes whole, after the delay asked for (the engine times it out)', async () => {
    await standIn(manyCommunications(2, 'TJMG', '2025-10-07'))
    await setFault({ fonte: 'djen', tipo: 'lento', atraso_ms: 300 })
    const started = Date.now()
    const result = await djenClient.fetchPage(workerFetch(), configs.djen(), {
      source: 'djen',
      window: { from: '2025-10-07', to: '2025-10-07' },
      page: 1,
      query: { siglaTribunal: 'TJMG' },
    })
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    expect(result.records).toHaveLength(2)
  })

  it('answers 422 as the API does for a page over 100 items, and the client reads any base address', async () => {
    const response = await SELF.fetch(
      `${BASE}/__dev/djen/api/v1/comunicacao?siglaTribunal=TJMG&itensPorPagina=101`,
    )
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ status: 'error' })
    // A base with a trailing slash, or with a path of its own, is appended to, never replaced.
    await standIn(manyCommunications(1, 'TJMG', '2025-10-06'))
    const http = workerFetch()
    await djenClient.fetchPage(
      http,
      { baseUrl: `${env.DJEN_URL}/`, credentials: {} },
      {
        source: 'djen',
        window: { from: '2025-10-06', to: '2025-10-06' },
        page: 1,
        query: { siglaTribunal: 'TJMG' },
      },
    )
    expect(new URL(http.urls[0] ?? '').pathname).toBe('/__dev/djen/api/v1/comunicacao')
  })
})

describe('the sources fetcher', () => {
  it('answers a stand-in address in-process locally, whatever port the vars name, and sends any other out', async () => {
    const inProcess: string[] = []
    const remote: string[] = []
    const http = sourceFetcher(
      async (request) => {
        inProcess.push(request.url)
        return SELF.fetch(request)
      },
      async (request) => {
        remote.push(request.url)
        return new Response('{}')
      },
    )
    await standIn(manyCommunications(1, 'TJMG', '2025-10-08'))
    const result = await djenClient.fetchPage(
      http,
      { baseUrl: 'http://localhost:9999/__dev/djen', credentials: {} },
      {
        source: 'djen',
        window: { from: '2025-10-08', to: '2025-10-08' },
        page: 1,
        query: { siglaTribunal: 'TJMG' },
      },
    )
    expect(result.records).toHaveLength(1)
    expect(inProcess).toHaveLength(1)
    await sourceFetcher(undefined, async (request) => {
      remote.push(request.url)
      return new Response('{}')
    })('http://localhost:8787/__dev/djen/api/v1/comunicacao')
    await http('https://comunicaapi.pje.jus.br/api/v1/comunicacao?siglaTribunal=TJMG')
    // Without the local entry's in-process dispatch (production), nothing is answered in-process.
    expect(remote).toEqual([
      'http://localhost:8787/__dev/djen/api/v1/comunicacao',
      'https://comunicaapi.pje.jus.br/api/v1/comunicacao?siglaTribunal=TJMG',
    ])
  })
})
