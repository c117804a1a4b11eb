import { describe, expect, it } from 'vitest'
import { buildCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { NO_FILTERS } from '~/domain/search/filters'
import { search } from '~/domain/search/search.server'
import { deps, get } from './helpers'

// Issue 38, item 13: `/busca?q=silva&qo=en` said "97 resultados" for pages holding 95 lawsuits:
// the parties were counted, and two lawsuits had two matching parties each. The lawsuits are.

const lawsuit = (n: number, names: string[], secrecyLevel = 0) => ({
  cnj: buildCnj(9300 + n, 2022, 8, 26, 1),
  court: 'TJSP',
  classCode: 7,
  className: 'Procedimento Comum Cível',
  filedAt: '2022-05-10',
  secrecyLevel,
  source: 'teste-contagem',
  subjects: [],
  movements: [],
  parties: names.map((name, i) => ({
    pole: i % 2 ? ('passivo' as const) : ('ativo' as const),
    name,
    lawyers: [],
  })),
})

describe('the lawsuits search counts lawsuits', () => {
  it('says as many results as its pages hold: one per lawsuit, whatever its matching parties', async () => {
    await upsertLawsuits(deps().db, [
      lawsuit(1, ['Zenóbio Xerxenildo Alves', 'Zenóbia Xerxenildo Alves']),
      lawsuit(2, ['Zenóbio Xerxenildo Souza', 'Empresa Qualquer Ltda']),
      lawsuit(3, ['Zenóbio Xerxenildo Lima', 'Zenóbia Xerxenildo Lima', 'Zenóbio Xerxenildo Filho']),
      // A secret lawsuit is neither listed nor counted.
      lawsuit(4, ['Zenóbio Xerxenildo Sigiloso'], 1),
    ])
    const outcome = await search(deps(), {
      q: 'xerxenildo',
      category: 'en',
      page: 1,
      today: '2026-11-29',
      filters: NO_FILTERS,
    })
    const [section] = outcome.sections
    expect(section?.results).toHaveLength(3)
    expect(section?.total).toBe(3)
    const html = await (await get('/busca?q=xerxenildo&qo=en')).text()
    expect(html).toContain('3 resultados')
    // "Tudo" says the same count in its lawsuits section.
    const all = await search(deps(), { q: 'xerxenildo', category: 't', page: 1, today: '2026-11-29' })
    expect(all.sections.find((s) => s.category === 'en')?.total).toBe(3)
  })
})
