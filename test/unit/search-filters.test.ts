import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cities } from '~/db/schema-corpus'
import { buildCnj } from '~/domain/corpus/cnj'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { facetToken } from '~/domain/search/facets'
import { filterOptions } from '~/domain/search/facets.server'
import { NO_FILTERS, type SearchFilters } from '~/domain/search/filters'
import { COUNT_CAP, ftsSearch } from '~/domain/search/fts.server'
import { EXACT_SORT_CAP } from '~/domain/search/newest.server'
import { parseQuery, toMatchExpression } from '~/domain/search/query'
import { search } from '~/domain/search/search.server'
import { rebuildSpelling } from '~/domain/search/spelling-terms.server'
import type { Result } from '~/domain/search/types'
import { deps, gazetteArticleRecord, get } from './helpers'

const TODAY = '2026-11-22'

const article = (
  id: string,
  body: string,
  date: string,
  gazette: { slug: string; name: string; uf: string },
  section: string | null = null,
) => gazetteArticleRecord('filtros', id, body, date, gazette, section)

const SP = { slug: 'doe-sp-filtros', name: 'Diário Oficial SP (filtros)', uf: 'SP' }
const RJ = { slug: 'doe-rj-filtros', name: 'Diário Oficial RJ (filtros)', uf: 'RJ' }

async function gazetteSearch(q: string, filters: Partial<SearchFilters>, page = 1) {
  const outcome = await search(deps(), {
    q,
    category: 'd',
    page,
    today: TODAY,
    filters: { ...NO_FILTERS, ...filters },
  })
  return outcome.sections[0]
}

describe('filtered search over the index', () => {
  it('narrows by UF, diário, caderno and period; the user words never match a filter token', async () => {
    const db = deps().db
    await upsertGazetteArticles(db, [
      article('1', 'Exonera servidor da tesouraria xilografia.', '2024-03-10', SP, 'Caderno Executivo'),
      article('2', 'Exonera servidor do almoxarifado xilografia.', '2024-07-02', RJ, 'Caderno Executivo'),
      article('3', 'Nomeia servidor xilografia.', '2025-01-15', SP, 'Caderno Judicial'),
    ])
    const titles = async (filters: Partial<SearchFilters>) =>
      (await gazetteSearch('xilografia', filters))?.results.map((r) => r.title).sort()
    expect(await titles({})).toEqual(['PORTARIA 1', 'PORTARIA 2', 'PORTARIA 3'])
    expect(await titles({ uf: ['SP'] })).toEqual(['PORTARIA 1', 'PORTARIA 3'])
    expect(await titles({ uf: ['SP', 'RJ'] })).toEqual(['PORTARIA 1', 'PORTARIA 2', 'PORTARIA 3'])
    expect(await titles({ diario: RJ.slug })).toEqual(['PORTARIA 2'])
    expect(await titles({ caderno: 'caderno-judicial' })).toEqual(['PORTARIA 3'])
    expect(await titles({ de: '2024-03-10', ate: '2024-07-01' })).toEqual(['PORTARIA 1'])
    expect(await titles({ de: '2024-07-02' })).toEqual(['PORTARIA 2', 'PORTARIA 3'])
    expect(await titles({ uf: ['SP'], de: '2024-04-01', ate: '2024-12-31' })).toEqual([])
    // UF and period together use the UF×period tokens (few of them) or, when the product of the
    // two lists is long, the two separate clauses: the same answers either way.
    expect(await titles({ uf: ['SP', 'RJ'], de: '2024-03-10', ate: '2024-07-02' })).toEqual([
      'PORTARIA 1',
      'PORTARIA 2',
    ])
    expect(await titles({ uf: ['RJ'], de: '2024-07-03' })).toEqual([])
    expect(await titles({ uf: ['SP'], de: '2025-01-01' })).toEqual(['PORTARIA 3'])
    expect(await titles({ uf: ['SP', 'RJ', 'MG'], de: '2024-03-10', ate: '2025-02-20' })).toEqual([
      'PORTARIA 1',
      'PORTARIA 2',
      'PORTARIA 3',
    ])
    expect((await gazetteSearch('zcsp2024', {}))?.total).toBe(0)
    expect(await titles({ diario: 'nao-existe' })).toEqual([])
    // A word that only exists as a filter token finds nothing.
    expect((await gazetteSearch('zusp', {}))?.total).toBe(0)
  })

  it('filters lawsuits by court and class (tipo), and follows a re-import that changes them', async () => {
    const db = deps().db
    const lawsuit = (n: number, court: string, classCode: number) => ({
      cnj: buildCnj(9100 + n, 2023, 8, 26, 1),
      court,
      classCode,
      className: `Classe ${classCode}`,
      filedAt: `2023-0${n}-10`,
      secrecyLevel: 0,
      source: 'teste',
      subjects: [],
      movements: [],
      parties: [{ pole: 'ativo' as const, name: `Quirino Filtrado ${n}`, lawyers: [] }],
    })
    await upsertLawsuits(db, [lawsuit(1, 'TJSP', 7), lawsuit(2, 'TJRJ', 7), lawsuit(3, 'TJSP', 8)])
    const found = async (filters: Partial<SearchFilters>) =>
      (
        await search(deps(), {
          q: 'quirino filtrado',
          category: 'en',
          page: 1,
          today: TODAY,
          filters: { ...NO_FILTERS, ...filters },
        })
      ).sections[0]?.results.length
    expect(await found({})).toBe(3)
    expect(await found({ tribunal: ['TJSP'] })).toBe(2)
    expect(await found({ tribunal: ['TJSP'], tipo: 8 })).toBe(1)
    expect(await found({ de: '2023-02-01', ate: '2023-02-28' })).toBe(1)
    // The court changes at the source: the parties' filter tokens follow, the index stays sound.
    await upsertLawsuits(db, [{ ...lawsuit(3, 'TJMG', 8), source: 'teste2' }])
    expect(await found({ tribunal: ['TJSP'] })).toBe(1)
    expect(await found({ tribunal: ['TJMG'] })).toBe(1)
    for (const table of ['parties_fts', 'gazette_articles_fts', 'decisions_fts', 'provisions_fts']) {
      await db.run(sql.raw(`INSERT INTO ${table}(${table}, rank) VALUES ('integrity-check', 1)`))
    }
  })

  it('sorts newest first exactly, also when too many matches to sort at once', async () => {
    const db = deps().db
    await upsertGazetteArticles(db, [article('base', 'base', '2024-01-01', SP)])
    const many = EXACT_SORT_CAP + 700
    // Bulk insert through the real triggers; dates scattered over two years, ids not in date order.
    await db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${many})
      INSERT INTO gazette_articles (gazette_id, edition_id, section_id, date, external_id, title, body, checksum)
      SELECT a.gazette_id, a.edition_id, NULL, date('2023-01-01', '+' || ((i * 7919) % 730) || ' days'),
             'ordem-' || i, 'ATO ' || i, 'Texto comum quelonio ' || i, 'x'
      FROM n, (SELECT gazette_id, edition_id FROM gazette_articles WHERE external_id = 'filtros-base') a`)
    // A page of them on the table's newest date, where the walk starts.
    await db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25)
      INSERT INTO gazette_articles (gazette_id, edition_id, section_id, date, external_id, title, body, checksum)
      SELECT a.gazette_id, a.edition_id, NULL, (SELECT max(date) FROM gazette_articles),
             'ordem-novo-' || i, 'ATO novo ' || i, 'Texto comum quelonio novo ' || i, 'x'
      FROM n, (SELECT gazette_id, edition_id FROM gazette_articles WHERE external_id = 'filtros-base') a`)
    const expected = await db.all<{ id: number; title: string; date: string }>(
      sql`SELECT id, title, date FROM gazette_articles WHERE external_id LIKE 'ordem-%' ORDER BY date DESC, id DESC`,
    )
    const ids = async (page: number) =>
      (await gazetteSearch('quelonio', { ordem: 'recentes' }, page))?.results.map((r) => r.id)
    expect(await ids(1)).toEqual(expected.slice(0, 20).map((r) => r.id))
    // Each walked page comes with its rows and the word marked, read in the page's statement.
    const shown = (await gazetteSearch('quelonio', { ordem: 'recentes' }, 2))?.results ?? []
    expect(
      shown.map((r) =>
        r.kind === 'd' ? [r.id, r.title, r.date, r.snippet?.includes('\u0002quelonio\u0003')] : [],
      ),
    ).toEqual(expected.slice(20, 40).map((r) => [r.id, r.title, r.date, true]))
    expect(await ids(7)).toEqual(expected.slice(120, 140).map((r) => r.id))
    // Some months back (about 150 matches a month): past the newest month's counted days.
    expect(await ids(20)).toEqual(expected.slice(380, 400).map((r) => r.id))
    // A common word's first pages are one round trip: the count, the date range and the page,
    // walked back day by day from the newest date, in one statement (page 2 spans days). Past the
    // day walk (page 20), the month walk follows in more.
    const expression = toMatchExpression(parseQuery('quelonio')) ?? ''
    const walked = async (page: number) => {
      const counted = deps()
      const options = { limit: 20, offset: (page - 1) * 20, snippetColumn: 1, order: 'recentes' } as const
      const found = await ftsSearch(counted.db, 'gazette_articles', expression, options)
      return { ids: found.hits.map((h) => h.id), calls: counted.dbTimer.calls }
    }
    expect(await walked(1)).toEqual({ ids: expected.slice(0, 20).map((r) => r.id), calls: 1 })
    expect(await walked(2)).toEqual({ ids: expected.slice(20, 40).map((r) => r.id), calls: 1 })
    const deep = await walked(20)
    expect(deep.ids).toEqual(expected.slice(380, 400).map((r) => r.id))
    expect(deep.calls).toBeGreaterThan(1)
    // With a UF filter the walk counts UF×date buckets instead: the same order.
    const inSp = await gazetteSearch('quelonio', { ordem: 'recentes', uf: ['SP'] }, 3)
    expect(inSp?.results.map((r) => r.id)).toEqual(expected.slice(40, 60).map((r) => r.id))
    // Read back by the walk that found them (decisions/0109): the word marked, not the filter.
    const marked = (results: Result[] = []) =>
      results.map((r) => (r.kind === 'd' ? r.snippet?.includes('\u0002quelonio\u0003') : false))
    expect(marked(inSp?.results)).toEqual(inSp?.results.map(() => true))
    expect((await gazetteSearch('quelonio', { ordem: 'recentes', uf: ['RJ'] }))?.total).toBe(0)
    // Fewer matches than the cap: the direct sort gives the same order.
    const june = await db.all<{ id: number }>(
      sql`SELECT id FROM gazette_articles WHERE external_id LIKE 'ordem-%' AND date BETWEEN '2023-06-01' AND '2023-06-30' ORDER BY date DESC, id DESC LIMIT 20`,
    )
    expect(june.length).toBe(20)
    const filtered = await gazetteSearch('quelonio', {
      ordem: 'recentes',
      de: '2023-06-01',
      ate: '2023-06-30',
    })
    expect(filtered?.results.map((r) => r.id)).toEqual(june.map((r) => r.id))
    expect(marked(filtered?.results)).toEqual(june.map(() => true))
  })

  it('a filter narrows the relevance order without reordering it, above and below the count cap', async () => {
    const db = deps().db
    await upsertGazetteArticles(db, [
      article('base-sp', 'base', '2024-01-01', SP),
      article('base-rj', 'base', '2024-01-01', RJ),
    ])
    // COUNT_CAP + 50 matérias with "tartaruga", one in 50 also with "jabuti"; one in 170 is in RJ.
    // Newer rows are longer, so bm25 (shorter first) and newest-first give opposite orders.
    await db.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${COUNT_CAP + 50})
      INSERT INTO gazette_articles (gazette_id, edition_id, section_id, date, external_id, title, body, checksum)
      SELECT b.gazette_id, b.edition_id, NULL, '2024-02-01', 'ordem-rel-' || i, 'ATO ' || i,
             'tartaruga' || replace(hex(zeroblob(i / 170)), '00', ' casco') || iif(i % 50 = 0, ' jabuti', ''), 'x'
      FROM n CROSS JOIN gazette_articles b ON b.external_id = iif(i % 170 = 0, 'filtros-base-rj', 'filtros-base-sp')`)
    const inRj = await db.all<{ id: number }>(
      sql`SELECT ga.id FROM gazette_articles ga JOIN gazettes g ON g.id = ga.gazette_id WHERE g.slug = ${RJ.slug} AND ga.body LIKE 'tartaruga%' ORDER BY ga.id DESC`,
    )
    expect(inRj.length).toBe(Math.floor((COUNT_CAP + 50) / 170))
    // Above the cap the words alone are listed newest first, and so is any filtered part of them.
    const all = await gazetteSearch('tartaruga', {})
    expect(all?.total).toBeGreaterThan(COUNT_CAP)
    const rj = await gazetteSearch('tartaruga', { uf: ['RJ'] })
    expect(rj?.total).toBe(inRj.length)
    expect(rj?.results.map((r) => r.id)).toEqual(inRj.slice(0, 20).map((r) => r.id))
    // Below the cap, bm25 ranks, and the filtered list is the unfiltered one without the others.
    const ranked = async (filters: Partial<SearchFilters>, pages: number) => {
      const ids: number[] = []
      for (let page = 1; page <= pages; page++)
        ids.push(...((await gazetteSearch('jabuti', filters, page))?.results.map((r) => r.id) ?? []))
      return ids
    }
    const everywhere = await ranked({}, 11) // all ~201 of them
    expect(everywhere.length).toBe(Math.floor((COUNT_CAP + 50) / 50))
    const rjIds = new Set(inRj.map((r) => r.id))
    const rjRanked = await ranked({ uf: ['RJ'] }, 1)
    expect(rjRanked.length).toBe(Math.floor((COUNT_CAP + 50) / 850))
    expect(rjRanked).toEqual(everywhere.filter((id) => rjIds.has(id)))
    expect(rjRanked.at(0)).toBeLessThan(rjRanked.at(-1) ?? 0) // shorter, older rows first
    // Still one statement, one round trip.
    const counted = deps()
    const expression = toMatchExpression(parseQuery('tartaruga')) ?? ''
    const clauses = [[facetToken.uf('RJ')]]
    await ftsSearch(counted.db, 'gazette_articles', expression, {
      limit: 20,
      offset: 0,
      snippetColumn: 1,
      clauses,
    })
    expect(counted.dbTimer.calls).toBe(1)
  })

  it('suggests a spelling from the index and where else the words appear', async () => {
    const db = deps().db
    await upsertGazetteArticles(db, [
      article('sp1', 'Aprova o regulamento da ornitologia estadual.', '2024-02-02', SP),
    ])
    await rebuildSpelling(db, ['gazette_articles'])
    const outcome = await search(deps(), { q: 'ornitolgia', category: 'd', page: 1, today: TODAY })
    expect(outcome.sections[0]?.total).toBe(0)
    expect(outcome.spelling).toBe('ornitologia')
    const people = await search(deps(), { q: 'ornitologia', category: 'p', page: 1, today: TODAY })
    expect(people.elsewhere).toEqual([{ category: 'd', total: 1 }])
  })

  it('reads the filter lists from D1 once, then from KV: a search sends D1 only its own statement', async () => {
    await upsertGazetteArticles(deps().db, [article('op1', 'Texto.', '2024-01-01', SP)])
    await deps()
      .db.insert(cities)
      .values([
        { code: 3550308, name: 'São Paulo', uf: 'SP', slug: 'sao-paulo-sp' },
        { code: 3304557, name: 'Rio de Janeiro', uf: 'RJ', slug: 'rio-de-janeiro-rj' },
      ])
      .onConflictDoNothing()
    // Earlier searches in this file filled the cache: start from an empty one.
    const kv = deps().suggestions
    for (const key of (await kv.list({ prefix: 'opcoes-filtro:' })).keys) await kv.delete(key.name)
    const lists = async (category: 'd' | 'p', filters: Partial<SearchFilters>) => {
      const fresh = deps()
      const options = await filterOptions(fresh, category, { ...NO_FILTERS, ...filters })
      return { options, statements: fresh.dbTimer.calls }
    }
    const first = await lists('d', {})
    expect(first.options.diario).toContainEqual({ value: SP.slug, label: SP.name })
    expect(first.statements).toBeGreaterThan(0)
    expect(await lists('d', {})).toEqual({ options: first.options, statements: 0 })
    const inSp = await lists('p', { uf: ['SP'] })
    expect(inSp.options.cidade).toContainEqual({ value: 'sao-paulo-sp', label: 'São Paulo' })
    expect(inSp.options.cidade?.every((c) => c.value.endsWith('-sp'))).toBe(true)
    expect(await lists('p', { uf: ['SP'] })).toEqual({ options: inSp.options, statements: 0 })
  })

  it('answers the same search as JSON at /api/v2/busca, filters from the URL', async () => {
    await upsertGazetteArticles(deps().db, [
      article('api1', 'Resolve o certame quiromancia.', '2024-05-05', SP),
      article('api2', 'Resolve o certame quiromancia.', '2024-05-06', RJ),
    ])
    const res = await get('/api/v2/busca?q=quiromancia&qo=d&filtro=1&uf=RJ')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { sections: { total: number; results: { title: string }[] }[] }
    expect(body.sections[0]?.results.map((r) => r.title)).toEqual(['PORTARIA api2'])
    const html = await (await get('/busca?q=quiromancia&qo=d&filtro=1&uf=RJ')).text()
    expect(html).toContain('PORTARIA api2')
    expect(html).not.toContain('PORTARIA api1')
    expect(html).toContain('Limpar filtros')
  })
})
