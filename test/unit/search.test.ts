import { describe, expect, it } from 'vitest'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { upsertDecisions } from '~/domain/corpus/store/documents.server'
import { ensurePeople } from '~/domain/corpus/store/entities.server'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { search } from '~/domain/search/search.server'
import { decisionRecord, deps } from './helpers'

describe('search', () => {
  it('finds case law whatever the case and accents, every word required, exact phrases', async () => {
    const db = deps().db
    await upsertDecisions(singleDatabaseCorpus(db), [
      decisionRecord('busca', '1', 'USUCAPIÃO EXTRAORDINÁRIA de imóvel rural. Posse mansa.'),
      decisionRecord('busca', '2', 'Imóvel urbano. Posse precária não gera usucapião.'),
    ])
    const titles = async (q: string) =>
      (await search(deps(), { q, category: 'jr', page: 1, today: '2026-11-22' })).sections[0]?.results.map(
        (r) => r.title,
      ) ?? []
    expect(await titles('usucapiao')).toHaveLength(2)
    expect(await titles('USUCAPIÃO rural')).toEqual(['Apelação Cível 0000001-00.2020.8.26.0001'])
    expect(await titles('“posse mansa”')).toEqual(['Apelação Cível 0000001-00.2020.8.26.0001'])
    expect(await titles('"mansa posse"')).toEqual([])
  })

  it('highlights the matched words in the excerpt', async () => {
    const db = deps().db
    await upsertDecisions(singleDatabaseCorpus(db), [
      decisionRecord('busca', '3', 'Dano moral por negativação indevida do nome do consumidor.'),
    ])
    const [first] =
      (await search(deps(), { q: 'negativacao', category: 'jr', page: 1, today: '2026-11-22' })).sections[0]
        ?.results ?? []
    expect(first && 'snippet' in first ? first.snippet : '').toContain('\u0002negativação\u0003')
  })

  it('finds lawsuits by a party name, never secret ones, and a typed CNJ number directly', async () => {
    const db = deps().db
    const open = buildCnj(777, 2022, 8, 26, 1)
    const secret = buildCnj(778, 2022, 8, 26, 1)
    const party = { pole: 'ativo' as const, name: 'Zenóbia Quaresma Tavares', lawyers: [] }
    await upsertLawsuits(db, [
      {
        cnj: open,
        court: 'TJSP',
        secrecyLevel: 0,
        source: 'teste',
        subjects: [],
        movements: [],
        parties: [party],
      },
      {
        cnj: secret,
        court: 'TJSP',
        secrecyLevel: 4,
        source: 'teste',
        subjects: [],
        movements: [],
        parties: [party],
      },
    ])
    const parties = (
      await search(deps(), { q: 'zenobia quaresma', category: 'en', page: 1, today: '2026-11-22' })
    ).sections[0]
    expect(parties?.results.map((r) => r.href)).toEqual([`/processos/${formatCnj(open)}`])
    expect(
      (await search(deps(), { q: formatCnj(open), category: 't', page: 1, today: '2026-11-22' })).lawsuit
        ?.href,
    ).toBe(`/processos/${formatCnj(open)}`)
    expect(
      (await search(deps(), { q: formatCnj(secret), category: 't', page: 1, today: '2026-11-22' })).lawsuit,
    ).toBeNull()
  })

  it('"Tudo" shows every category with its count', async () => {
    const db = deps().db
    await ensurePeople(db, ['Olegário Mantovani Pires'])
    await upsertGazetteArticles(db, [
      {
        gazette: { slug: 'dom-teste', name: 'Diário de Teste', sphere: 'municipal' },
        edition: { date: '2025-01-02', number: '1', extra: false },
        section: null,
        externalId: 'busca-1',
        kind: 'Portaria',
        organ: null,
        title: 'PORTARIA Nº 1',
        body: 'Nomeia Olegário Mantovani Pires para o cargo de assessor.',
        page: 1,
        lawsuitCnj: null,
      },
    ])
    const all = await search(deps(), { q: 'mantovani', category: 't', page: 1, today: '2026-11-22' })
    const totals = Object.fromEntries(all.sections.map((s) => [s.category, s.total]))
    expect(totals.p).toBe(1)
    expect(totals.d).toBe(1)
    expect(totals.jr).toBe(0)
  })
})
