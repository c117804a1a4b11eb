import { env, SELF } from 'cloudflare:test'
import { and, eq, inArray } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { gazetteArticles, lawsuits, parties, partyLawyers } from '~/db/schema-corpus'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { importDjen } from '~/domain/corpus/import/formats/djen'
import { stripBom } from '~/domain/corpus/import/text'
import { sourceEntry } from '~/domain/sources/catalogue'
import { DJEN_PAGE_SIZE, djenClient } from '~/domain/sources/djen/client'
import { storeDjen } from '~/domain/sources/djen/store.server'
import { sourceConfig } from '~/domain/sources/engine.server'
import { SourceError } from '~/domain/sources/types'
import { sourceFetcher } from '../../workers/lib/source-fetcher'
import { clearFaults, configs, fetchAll, setFault, workerFetch } from './feeds-helpers'
import { BASE, deps, get, ORIGIN, plainPost, postJson } from './helpers'
import { sharedFile } from './shared-data'

type Item = Record<string, unknown>
const SAMPLE = 'djen/tjrj_comunicacoes_09199921120238190001.json'
const SAMPLE_CNJ = '09199921120238190001'
const window = { from: '2025-01-01', to: '2025-12-31' }

let serial = 0
/**
 * The recorded answer's communications under fresh ids and a fresh lawsuit number, so each test
 * stores its own (other files import the sample itself into the same database).
 */
function recordedAnswer(): { count: number; items: Item[]; cnj: string } {
  serial += 1
  const base = 900_000_000 + Math.floor(Math.random() * 50_000_000) * 10
  const cnj = buildCnj(7_000_000 + ((base / 10) % 2_000_000) + serial, 2024, 8, 19, 1)
  const answer = JSON.parse(stripBom(sharedFile(SAMPLE))) as { count: number; items: Item[] }
  const text = JSON.stringify(answer.items)
    .replaceAll(SAMPLE_CNJ, cnj)
    .replaceAll(formatCnj(SAMPLE_CNJ), formatCnj(cnj))
  const items = (JSON.parse(text) as Item[]).map((item, i) => ({ ...item, id: base + i }))
  return { count: answer.count, items, cnj }
}

/** `n` communications of `n` lawsuits of one court on one day, each naming one OAB. */
function manyCommunications(n: number, court: string, date: string, oab = '123456'): Item[] {
  serial += 1
  const start = 800_000_000 + Math.floor(Math.random() * 90_000_000) * 10
  return Array.from({ length: n }, (_, i) => {
    const cnj = buildCnj(1_000_000 + ((start / 10) % 8_000_000) + i, 2025, 8, 13, 24)
    return {
      id: start + i,
      data_disponibilizacao: date,
      siglaTribunal: court,
      tipoComunicacao: 'Intimação',
      nomeOrgao: '1ª Vara Cível de Belo Horizonte',
      texto: `Intimação no processo ${formatCnj(cnj)}. AUTOR: SIGILOSO ADVOGADO: ANA TESTE OAB/MG-${oab}`,
      numero_processo: cnj,
      numeroprocessocommascara: formatCnj(cnj),
      nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
      codigoClasse: '7',
      ativo: true,
      destinatarios: [{ nome: 'PARTE SIGILOSA', polo: 'A' }],
      destinatarioadvogados: [{ advogado: { nome: 'ANA TESTE', numero_oab: oab, uf_oab: 'MG' } }],
    }
  })
}

async function standIn(items: Item[]) {
  await SELF.fetch(`${BASE}/__dev/djen/comunicacoes`, { method: 'DELETE', headers: ORIGIN })
  // In slices: every request body has the site's byte cap.
  for (let at = 0; at < items.length; at += 40) {
    const response = await postJson('/__dev/djen/comunicacoes', { items: items.slice(at, at + 40) })
    expect(response.status).toBe(201)
  }
}

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

  it('a communication published on /__dev/fontes reaches the next fetch of its OAB', async () => {
    await standIn([])
    const cnj = buildCnj(4_400_000 + serial, 2026, 8, 26, 100)
    const published = await plainPost(
      '/__dev/fontes/djen',
      {
        siglaTribunal: 'TJSP',
        numero_processo: formatCnj(cnj),
        texto: 'Fica a parte intimada para se manifestar em 15 dias. ADVOGADO: ANA PUBLICADA',
        advogado: 'ANA PUBLICADA',
        numero_oab: '445566',
        uf_oab: 'SP',
        parte: 'EMPRESA TESTE LTDA',
      },
      '',
      '/__dev/fontes',
    )
    expect(published.status).toBe(303)
    const page = await (await get(published.headers.get('location') ?? '')).text()
    expect(page).toContain('publicada no DJEN')
    expect(page).toContain('djen: 1 registro<')
    const today = new Date().toISOString().slice(0, 10)
    const result = await djenClient.fetchPage(workerFetch(), configs.djen(), {
      source: 'djen',
      window: { from: today, to: today },
      page: 1,
      query: { numeroOab: '445566', ufOab: 'SP' },
    })
    expect(result.records).toHaveLength(1)
    const stored = result.records[0]?.item
    expect(typeof stored === 'string' ? stored : stored?.lawsuit).toMatchObject({
      cnj,
      court: 'TJSP',
      parties: [
        { pole: 'ativo', name: 'EMPRESA TESTE LTDA', lawyers: [] },
        { name: expect.any(String), lawyers: [{ name: 'ANA PUBLICADA', oabNumber: '445566', oabUf: 'SP' }] },
      ],
    })
    // A bad number is refused in Portuguese, never stored.
    const refused = await postJson('/__dev/fontes/djen', {
      siglaTribunal: 'TJSP',
      numero_processo: '123',
      texto: 'x',
    })
    expect(refused.status).toBe(422)
    expect(JSON.stringify(await refused.json())).toContain(
      'Número de processo inválido: confira os 20 dígitos no formato NNNNNNN-DD.AAAA.J.TR.OOOO.',
    )
  })

  it('a refused publication on /__dev/fontes comes back to the page with its message and what was typed', async () => {
    // As a browser posts the form: the page said nothing and dropped the text (issue 45, outside check).
    const refused = await plainPost(
      '/__dev/fontes/djen',
      { siglaTribunal: 'TJSP', numero_processo: '123', texto: 'Texto que não pode se perder', uf_oab: 'XYZ' },
      '',
      '/__dev/fontes',
    )
    expect(refused.status).toBe(303)
    const flash = refused.headers.getSetCookie().find((line) => line.startsWith('__Host-flash='))
    const page = await (
      await get(refused.headers.get('location') ?? '', { headers: { Cookie: flash?.split(';')[0] ?? '' } })
    ).text()
    const form = page.slice(page.indexOf('action="/__dev/fontes/djen"'), page.indexOf('</form>'))
    expect(form).toContain(
      '<ul role="alert"><li>Número de processo inválido: confira os 20 dígitos no formato NNNNNNN-DD.AAAA.J.TR.OOOO.</li><li>Escolha um estado da lista.</li></ul>',
    )
    expect(form).toContain('>Texto que não pode se perder</textarea>')
    expect(form).toContain('name="numero_processo" value="123"')
  })

  it('refuses a fault it does not know, in Portuguese', async () => {
    const response = await postJson('/__dev/fontes/falha', { fonte: 'datajud', tipo: 'queda' })
    expect(response.status).toBe(422)
    expect(JSON.stringify(await response.json())).toMatch(/fonte|tipo/)
  })

  it('skips an unreadable communication with its reason and keeps the rest of the page', async () => {
    const [good, noText, badNumber] = manyCommunications(3, 'TJMG', '2025-10-04') as [Item, Item, Item]
    await standIn([good, { ...noText, texto: '' }, { ...badNumber, numero_processo: '123' }])
    const result = await djenClient.fetchPage(workerFetch(), configs.djen(), {
      source: 'djen',
      window: { from: '2025-10-04', to: '2025-10-04' },
      page: 1,
      query: { siglaTribunal: 'TJMG' },
    })
    expect(result.records.map((r) => r.id)).toEqual([String(good.id)])
    expect(result.skipped.sort((a, b) => String(a.ref).localeCompare(String(b.ref)))).toEqual(
      [
        { ref: String(noText.id), reason: 'comunicação sem texto' },
        { ref: String(badNumber.id), reason: 'número de processo inválido: "123"' },
      ].sort((a, b) => a.ref.localeCompare(b.ref)),
    )
    expect(result.next).toBeNull()
  })

  it('stores what `npm run import` of the same answer stores, and a second fetch stores nothing new', async () => {
    const { items, cnj, count } = recordedAnswer()
    const db = deps().db
    // The import path: the recorded answer as a file.
    const imported = await importDjen(deps(), [
      {
        name: 'resposta.json',
        content: JSON.stringify({ status: 'success', message: 'Sucesso', count, items }),
      },
    ])
    expect(imported.counts).toEqual({ imported: 4, updated: 0, unchanged: 0, skipped: 0 })
    const snapshot = async () => ({
      articles: await db
        .select()
        .from(gazetteArticles)
        .where(
          inArray(
            gazetteArticles.externalId,
            items.map((i) => String(i.id)),
          ),
        )
        .orderBy(gazetteArticles.externalId),
      lawsuit: await db.select().from(lawsuits).where(eq(lawsuits.cnj, cnj)),
      lawyers: await db
        .select({
          pole: parties.pole,
          party: parties.name,
          lawyer: partyLawyers.name,
          oab: partyLawyers.oabNumber,
        })
        .from(partyLawyers)
        .innerJoin(parties, eq(parties.id, partyLawyers.partyId))
        .innerJoin(lawsuits, and(eq(lawsuits.id, parties.lawsuitId), eq(lawsuits.cnj, cnj)))
        .orderBy(partyLawyers.name),
    })
    const afterImport = await snapshot()
    expect(afterImport.articles).toHaveLength(3)
    expect(afterImport.lawyers).toHaveLength(2)

    // The fetch path: the same communications served by the stand-in, fetched and stored.
    await standIn(items)
    const request = { source: 'djen' as const, window, page: 1, query: { numeroProcesso: cnj } }
    for (let run = 0; run < 2; run++) {
      const fetched = await fetchAll(djenClient, workerFetch(), configs.djen(), request)
      expect(fetched.records).toHaveLength(3)
      // Identical to the imported rows: nothing written, nothing new, nothing changed.
      expect(await storeDjen(deps(), fetched.records)).toEqual({
        imported: 0,
        updated: 0,
        unchanged: 4,
        skipped: 0,
      })
      expect(await snapshot()).toEqual(afterImport)
    }
  })

  it("through the engine's catalogue: a page into an empty corpus, then again, stores nothing new the second time", async () => {
    const items = manyCommunications(3, 'TJMG', '2025-10-05')
    await standIn([...items, { ...items[0], id: 1, texto: '' }])
    const entry = sourceEntry('djen')
    if (!entry) throw new Error("DJEN is not in the engine's catalogue")
    const request = {
      source: 'djen' as const,
      window: { from: '2025-10-05', to: '2025-10-05' },
      page: 1,
      query: { siglaTribunal: 'TJMG' },
    }
    const fetchOnce = async () => {
      const page = await entry.client.fetchPage(workerFetch(), sourceConfig(deps(), entry), request)
      return { ...(await entry.store(deps(), page.records)), skipped: page.skipped.length }
    }
    // 3 matérias + 3 lawsuits; the communication without text counted as skipped.
    expect(await fetchOnce()).toEqual({ imported: 6, updated: 0, unchanged: 0, skipped: 1 })
    expect(await fetchOnce()).toEqual({ imported: 0, updated: 0, unchanged: 6, skipped: 1 })
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
