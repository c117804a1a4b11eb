import { describe, expect, it } from 'vitest'
import { dateRangeTokens, facetToken } from '~/domain/search/facets'
import { filterClauses } from '~/domain/search/facets.server'
import {
  clearFiltersHref,
  NO_FILTERS,
  parseFilters,
  setFilterHref,
  spellingHref,
  toggleFilterHref,
} from '~/domain/search/filters'
import { createRng } from '~/fixtures/corpus/random'
import { deps } from './helpers'

// The filters' rules that need no index (spec §2): the URLs the filter controls make, the period
// tokens a date range becomes, and the gazettes' UF×period clause.

const TODAY = '2026-11-22'

describe('filter URL rules (spec §2)', () => {
  const path = '/busca'
  it('checkboxes add and remove their own name=value pair, after the filtro marker, page reset', () => {
    const one = toggleFilterHref(path, '?q=nomear&qo=d&page=3', 'uf', 'SP')
    expect(one).toBe('/busca?q=nomear&qo=d&filtro=1&uf=SP')
    const two = toggleFilterHref(path, one.slice(path.length), 'uf', 'RJ')
    expect(two).toBe('/busca?q=nomear&qo=d&filtro=1&uf=SP&uf=RJ')
    expect(toggleFilterHref(path, `${two.slice(path.length)}&page=2`, 'uf', 'SP')).toBe(
      '/busca?q=nomear&qo=d&filtro=1&uf=RJ',
    )
    // A page reached by its cursor (decisions/0076, 0087): the cursor goes with the page.
    expect(toggleFilterHref(path, `${two.slice(path.length)}&page=2&cursor=eyJrIjp7fX0`, 'uf', 'SP')).toBe(
      '/busca?q=nomear&qo=d&filtro=1&uf=RJ',
    )
    expect(setFilterHref(path, '?q=x&qo=en&page=3&cursor=eyJrIjp7fX0', 'ordem', 'recentes')).toBe(
      '/busca?q=x&qo=en&filtro=1&ordem=recentes',
    )
  })

  it('selects and dates set their own parameter; tipo=0 and empty values remove it', () => {
    const s = '?q=x&qo=en&filtro=1&tipo=7&page=4'
    expect(setFilterHref(path, s, 'tipo', '12')).toBe('/busca?q=x&qo=en&filtro=1&tipo=12')
    expect(setFilterHref(path, s, 'tipo', '0')).toBe('/busca?q=x&qo=en&filtro=1')
    expect(setFilterHref(path, s, 'de', '2024-01-31')).toBe('/busca?q=x&qo=en&filtro=1&tipo=7&de=2024-01-31')
    // A new UF drops the city picked inside the old one.
    expect(setFilterHref(path, '?q=x&qo=p&filtro=1&uf=SP&cidade=santos', 'uf', 'RJ')).toBe(
      '/busca?q=x&qo=p&filtro=1&uf=RJ',
    )
  })

  it('"você quis dizer" keeps every filter, repeated checkboxes too, and starts at the first page', () => {
    expect(
      spellingHref(path, '?q=tartarugl&qo=d&filtro=1&uf=SP&uf=RJ&page=2&cursor=eyJrIjp7fX0', 'tartaruga'),
    ).toBe('/busca?q=tartaruga&qo=d&filtro=1&uf=SP&uf=RJ')
  })

  it('"limpar filtros" removes everything from &filtro onward', () => {
    expect(clearFiltersHref(path, '?q=a+b&qo=d&filtro=1&uf=SP&ordem=recentes&page=2')).toBe(
      '/busca?q=a+b&qo=d',
    )
    expect(clearFiltersHref(path, '?q=a')).toBe('/busca?q=a')
  })

  it('parses leniently: foreign filters, bad values and future dates never fail', () => {
    const p = (s: string, c: 'd' | 'en' | 'p' = 'd') => parseFilters(new URLSearchParams(s), c, TODAY)
    expect(p('uf=sp&uf=XX1&uf=rj&tribunal=TJSP&tipo=5').uf).toEqual(['SP', 'RJ'])
    expect(p('tribunal=TJSP&tipo=5')).toEqual(NO_FILTERS) // not filters of the gazette category
    expect(p('tribunal=TJSP&tipo=5', 'en')).toMatchObject({ tribunal: ['TJSP'], tipo: 5 })
    expect(p('tipo=0', 'en').tipo).toBeNull()
    // A future date is refused (the page says so), never clamped to today (issue 12).
    expect(p('de=2030-01-01&ate=2020-02-30')).toMatchObject({ de: null, ate: null })
    expect(p('de=2024-05-01&ate=2023-01-01')).toMatchObject({ de: '2023-01-01', ate: '2024-05-01' })
    expect(p('de_texto=15/03/2024')).toMatchObject({ de: '2024-03-15' })
    expect(p('cidade=santos&uf=SP', 'p').cidade).toBe('santos')
    expect(p('cidade=santos', 'p').cidade).toBeNull() // a city needs its UF
  })
})

describe('period tokens', () => {
  const tokensOf = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
    return [facetToken.year(y), facetToken.month(y, m), facetToken.day(y, m, d)]
  }
  const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

  it('cover exactly the days of any range, with few tokens', () => {
    const rng = createRng(42)
    const start = Date.UTC(2019, 0, 1)
    const span = 8 * 365 * 86_400_000
    for (let run = 0; run < 300; run++) {
      const a = isoOf(start + Math.floor(rng.next() * span))
      const b = isoOf(start + Math.floor(rng.next() * span))
      const [from, to] = a < b ? [a, b] : [b, a]
      const tokens = new Set(dateRangeTokens(from, to))
      expect(tokens.size).toBeLessThanOrEqual(90)
      for (let probe = 0; probe < 40; probe++) {
        const day = isoOf(start - 40 * 86_400_000 + Math.floor(rng.next() * (span + 80 * 86_400_000)))
        const inside = day >= from && day <= to
        expect(
          tokensOf(day).some((t) => tokens.has(t)),
          `${day} in [${from}, ${to}]`,
        ).toBe(inside)
      }
    }
  })
})

describe('UF×period clause', () => {
  it('is one clause of combined tokens only for gazettes and only while short', async () => {
    const filters = { ...NO_FILTERS, uf: ['SP', 'RJ'], de: '2024-03-01', ate: '2024-04-30' }
    const combined = await filterClauses(deps().db, filters, '2026-11-22', { ufPeriod: true })
    expect(combined).toEqual([['zcsp202403', 'zcsp202404', 'zcrj202403', 'zcrj202404']])
    const separate = await filterClauses(deps().db, filters, '2026-11-22')
    expect(separate).toEqual([
      ['zusp', 'zurj'],
      ['zn202403', 'zn202404'],
    ])
    const long = { ...filters, uf: ['SP', 'RJ', 'MG'], de: '2024-03-10', ate: '2025-02-20' }
    expect(await filterClauses(deps().db, long, '2026-11-22', { ufPeriod: true })).toHaveLength(2)
  })
})
