import { and, eq, inArray } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { gazetteArticles, lawsuits, parties, partyLawyers } from '~/db/schema-corpus'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { importDjen } from '~/domain/corpus/import/formats/djen'
import { sourceEntry } from '~/domain/sources/catalogue'
import { djenClient } from '~/domain/sources/djen/client'
import { storeDjen } from '~/domain/sources/djen/store.server'
import { sourceConfig } from '~/domain/sources/engine.server'
import { clearFaults, configs, fetchAll, workerFetch } from './feeds-helpers'
import { deps, get, plainPost, postJson } from './helpers'
import {
  type Item,
  manyCommunications,
  nextSerial,
  recordedAnswer,
  standIn,
  window,
} from './source-djen-helpers'

// The DJEN stand-in as a person uses it (/__dev/fontes) and what a fetch of its answers stores.

beforeEach(clearFaults)

describe('DJEN through its stand-in: publishing, storing, and storing once', () => {
  it('a communication published on /__dev/fontes reaches the next fetch of its OAB', async () => {
    await standIn([])
    const cnj = buildCnj(4_400_000 + nextSerial(), 2026, 8, 26, 100)
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
})
