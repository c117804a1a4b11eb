import { describe, expect, it } from 'vitest'
import { pastScrollThreshold } from '~/components/corpus/infinite-list'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { deps, get } from './helpers'

const base = { court: 'TJSP', subjects: [], movements: [], parties: [] }

describe('document pages over HTTP', () => {
  it('shows a public lawsuit, and never a secret one (404, as if it did not exist)', async () => {
    const open = buildCnj(4242, 2024, 8, 26, 100)
    const secret = buildCnj(4243, 2024, 8, 26, 100)
    await upsertLawsuits(deps().db, [
      { ...base, cnj: open, secrecyLevel: 0, source: 'teste', className: 'Procedimento Comum Cível' },
      { ...base, cnj: secret, secrecyLevel: 2, source: 'teste', className: 'Divórcio Litigioso' },
    ])
    const shown = await get(`/processos/${formatCnj(open)}`)
    expect(shown.status).toBe(200)
    expect(await shown.text()).toContain(`Processo ${formatCnj(open)}`)
    const hidden = await get(`/processos/${formatCnj(secret)}`)
    expect(hidden.status).toBe(404)
    expect(await hidden.text()).not.toContain('Divórcio Litigioso')
  })

  it('accepts the number with or without the mask', async () => {
    const cnj = buildCnj(4244, 2023, 8, 19, 1)
    await upsertLawsuits(deps().db, [{ ...base, cnj, secrecyLevel: 0, source: 'teste' }])
    expect((await get(`/processos/${cnj}`)).status).toBe(200)
  })

  it('answers an invalid CNJ number with a Portuguese 400, never a 500', async () => {
    for (const bad of ['0919992-12.2023.8.19.0001', 'abc', '123', '%E0']) {
      const res = await get(`/processos/${bad}`)
      expect(res.status).toBe(400)
      const html = await res.text()
      expect(html).toContain('Endereço inválido')
      expect(html).toContain('Número de processo inválido')
    }
  })

  it.each([
    '/pessoas/ninguem-com-esse-nome',
    '/empresas/nenhuma-empresa-00000000000000',
    '/jurisprudencia/999999999',
    '/jurisprudencia/abc',
    '/legislacao/lei-que-nao-existe',
    '/diarios/diario-inexistente',
    '/diarios/materia/999999999',
  ])('answers %s with the Portuguese 404 page', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Página não encontrada')
  })

  it('serves the next page of a gazette as an HTML fragment, empty when there is no more', async () => {
    const records = Array.from({ length: 12 }, (_, i) => ({
      gazette: { slug: 'diario-teste', name: 'Diário de Teste', sphere: 'municipal' as const },
      edition: { date: '2026-03-02', number: '7', extra: false },
      section: 'Atos do Executivo',
      externalId: `frag-${i}`,
      kind: 'Portaria',
      organ: 'Prefeitura',
      title: `PORTARIA Nº ${i + 1}`,
      body: `Texto da portaria ${i + 1} <script>alert(1)</script>`,
      page: i + 1,
      lawsuitCnj: null,
    }))
    await upsertGazetteArticles(deps().db, records)
    const page2 = await get('/diarios/diario-teste/materias?data=2026-03-02&page=2')
    expect(page2.headers.get('content-type')).toContain('text/html')
    const html = await page2.text()
    expect(html.match(/<li /g)).toHaveLength(2)
    expect(html).not.toContain('<html')
    expect(html).not.toContain('<script>') // escaped, never markup
    expect(await (await get('/diarios/diario-teste/materias?data=2026-03-02&page=3')).text()).toBe('')
    expect((await get('/diarios/diario-teste/materias?data=ontem&page=1')).status).toBe(400)
    const first = await (await get('/diarios/diario-teste?data=2026-03-02')).text()
    expect(first.match(/data-materia=/g)).toHaveLength(10)
  })

  it('loads the next page past 3/4 of (document height − viewport − 50 px)', () => {
    // document 3050, viewport 1000: threshold = 0.75 × 2000 = 1500
    expect(pastScrollThreshold(1500, 3050, 1000)).toBe(false)
    expect(pastScrollThreshold(1501, 3050, 1000)).toBe(true)
  })
})
