import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { buildCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { NO_FILTERS } from '~/domain/search/filters'
import { search } from '~/domain/search/search.server'
import { deps, get } from './helpers'

// Issue 38, item 13: `/busca?q=silva&qo=en` said "97 resultados" for pages holding 95 lawsuits:
// the parties were counted, and two lawsuits had two matching parties each. The lawsuits are.

const lawsuit = (n: number, names: string[], secrecyLevel = 0, court = 'TJSP') => ({
  cnj: buildCnj(9300 + n, 2022, 8, 26, 1),
  court,
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

// Issue 42: a one-phrase query counts its lawsuits in their own index (migration 0046), kept by
// triggers; each state below is one a user reaches, and the count must be what the pages list.
describe('the lawsuits count follows every change to a lawsuit and its parties', () => {
  const shown = async (q: string, tribunal?: string) => {
    const filters = { ...NO_FILTERS, ...(tribunal ? { tribunal: [tribunal] } : {}) }
    const outcome = await search(deps(), { q, category: 'en', page: 1, today: '2026-11-29', filters })
    const [section] = outcome.sections
    // The count said beside the list is the list's length (one page holds them all here).
    expect(section?.total ?? 0).toBe(section?.results.length ?? 0)
    return section?.results.length ?? 0
  }
  const cnj = (n: number) => buildCnj(9300 + n, 2022, 8, 26, 1)
  const idOf = async (n: number) =>
    (await deps().db.get<{ id: number }>(sql`SELECT id FROM lawsuits WHERE cnj = ${cnj(n)}`))?.id

  it("counts a party's words, never a phrase running from one party into the next", async () => {
    await upsertLawsuits(deps().db, [
      lawsuit(11, ['Quirópio Vandelar Alves', 'Quirópia Vandelar Bento']),
      lawsuit(12, ['Quirópio Vandelar Costa', 'Outra Parte Ltda']),
    ])
    expect(await shown('vandelar')).toBe(2)
    expect(await shown('"quiropio vandelar"')).toBe(2)
    // "Alves" ends one party and "Quirópia" starts the next: no party is "Alves Quirópia".
    expect(await shown('"alves quiropia"')).toBe(0)
    expect(await shown('"vandelar alves"')).toBe(1)
  })

  it('follows secrecy, a court changed, a party renamed or removed, a lawsuit de-indexed', async () => {
    await upsertLawsuits(deps().db, [
      lawsuit(21, ['Teodolina Yrvastre Dias']),
      lawsuit(22, ['Teodolino Yrvastre Melo', 'Banco Yrvastre S.A.']),
      lawsuit(23, ['Teodolina Yrvastre Reis'], 0, 'TJRJ'),
    ])
    expect(await shown('yrvastre')).toBe(3)
    expect(await shown('yrvastre', 'TJRJ')).toBe(1)
    // A source says lawsuit 21 is secret: it leaves the list and the count.
    await upsertLawsuits(deps().db, [lawsuit(21, ['Teodolina Yrvastre Dias'], 1)])
    expect(await shown('yrvastre')).toBe(2)
    // Lawsuit 22 moves to TJRJ.
    await upsertLawsuits(deps().db, [
      lawsuit(22, ['Teodolino Yrvastre Melo', 'Banco Yrvastre S.A.'], 0, 'TJRJ'),
    ])
    expect(await shown('yrvastre', 'TJRJ')).toBe(2)
    expect(await shown('yrvastre', 'TJSP')).toBe(0)
    // A party's name written as initials (masking) no longer matches; the lawsuit's other party does.
    const l22 = await idOf(22)
    await deps().db.run(
      sql`UPDATE parties SET name = 'T. Y. M.' WHERE lawsuit_id = ${l22} AND name LIKE 'Teodolino%'`,
    )
    expect(await shown('teodolino')).toBe(0)
    expect(await shown('yrvastre')).toBe(2)
    // Its last matching party removed, lawsuit 22 is no longer found.
    await deps().db.run(sql`DELETE FROM parties WHERE lawsuit_id = ${l22} AND name LIKE 'Banco%'`)
    expect(await shown('yrvastre')).toBe(1)
    // Secrecy set by itself (no other column written): lawsuit 23 leaves, and comes back.
    const l23 = await idOf(23)
    await deps().db.run(sql`UPDATE lawsuits SET secrecy_level = 2 WHERE id = ${l23}`)
    expect(await shown('yrvastre')).toBe(0)
    await deps().db.run(sql`UPDATE lawsuits SET secrecy_level = 0 WHERE id = ${l23}`)
    expect(await shown('yrvastre')).toBe(1)
    // De-indexed on request (the primary's list): neither listed nor counted.
    await deps().db.run(
      sql`INSERT INTO hidden_pages (kind, ref_id, effect, request_id) VALUES ('processo', ${l23}, 'desindexar', 1)`,
    )
    expect(await shown('yrvastre')).toBe(0)
  })
})

// Issue 42: on one database the page and the count read the primary's own `hidden_pages` in their
// statements, so neither waits for the list of de-indexed pages read apart (decisions/0108).
describe('on one database, the lawsuits wait for no list of de-indexed pages', () => {
  it('lists and counts without a de-indexed lawsuit, in one D1 call: the page and its count sent together (decisions/0109)', async () => {
    await upsertLawsuits(deps().db, [
      lawsuit(31, ['Ubaldina Wqorvelda Prado']),
      lawsuit(32, ['Ubaldino Wqorvelda Sá', 'Outra Parte Ltda']),
      lawsuit(33, ['Ubaldina Wqorvelda Reis']),
    ])
    const counted = deps()
    const found = async (q: string) => {
      const outcome = await search(counted, {
        q,
        category: 'en',
        page: 1,
        today: '2026-11-29',
        filters: NO_FILTERS,
      })
      const [section] = outcome.sections
      return { listed: section?.results.length ?? 0, total: section?.total ?? 0 }
    }
    const calls = counted.dbTimer.calls
    expect(await found('wqorvelda')).toEqual({ listed: 3, total: 3 })
    expect(counted.dbTimer.calls - calls).toBe(1)
    const l33 = await deps().db.get<{ id: number }>(
      sql`SELECT id FROM lawsuits WHERE cnj = ${buildCnj(9300 + 33, 2022, 8, 26, 1)}`,
    )
    await deps().db.run(
      sql`INSERT INTO hidden_pages (kind, ref_id, effect, request_id) VALUES ('processo', ${l33?.id}, 'desindexar', 1)`,
    )
    // One phrase (the lawsuits' own index) and two words (the parties' statement) alike.
    expect(await found('wqorvelda')).toEqual({ listed: 2, total: 2 })
    expect(await found('ubaldina wqorvelda')).toEqual({ listed: 1, total: 1 })
  })
})
