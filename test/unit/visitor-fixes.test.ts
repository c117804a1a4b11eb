import { describe, expect, it } from 'vitest'
import { FEATURES, navSections } from '~/components/header/nav-data'
import { dateFilterProblems } from '~/domain/search/filters'
import { MARK_END, MARK_START, markTerms, markWords } from '~/domain/search/marks'
import { parseQuery } from '~/domain/search/query'
import { t } from '~/i18n/pt-BR'
import { readDateParam } from '~/lib/date-param'
import { degreeLabel } from '~/lib/format'
import { SUBMIT_LOCK_MS, takeSubmitLock } from '~/lib/submit-lock'
import { BASE } from './helpers'

// Issue 12, the visitor defects: the pure rules behind them (the pages are in test/e2e).
const TODAY = '2026-11-23'

describe('date filters refuse future dates (spec §2)', () => {
  const read = (query: string, name = 'data') => readDateParam(new URLSearchParams(query), name, TODAY)

  it('reads yyyy-mm-dd, or the typed dd/mm/yyyy first', () => {
    expect(read('data=2023-05-12')).toMatchObject({ iso: '2023-05-12', problem: null })
    expect(read('data=2023-05-12&data_texto=13/05/2023')).toMatchObject({ iso: '2023-05-13', problem: null })
    expect(read('')).toMatchObject({ iso: null, problem: null })
    expect(read(`data=${TODAY}`)).toMatchObject({ iso: TODAY, problem: null })
  })

  it('a future or impossible date is refused, with what was read to show back', () => {
    expect(read('data=2099-01-01')).toEqual({
      iso: null,
      text: '01/01/2099',
      problem: 'future',
      typed: false,
    })
    expect(read('data_texto=24/11/2026')).toMatchObject({ iso: null, problem: 'future', typed: true })
    expect(read('data=2023-02-31')).toMatchObject({ iso: null, problem: 'invalid' })
    expect(read('data_texto=31/02/2023')).toMatchObject({ problem: 'invalid', text: '31/02/2023' })
  })

  it('search: future de/ate (or their typed fields) are reported, a bad URL date stays ignored', () => {
    const problems = (query: string, category: 'd' | 'p' | 'jr' = 'd') =>
      dateFilterProblems(new URLSearchParams(query), category, TODAY)
    expect(problems('de=2099-01-01&ate_texto=02/01/2099')).toEqual({
      de: { message: t('validation.futureDate'), text: '01/01/2099' },
      ate: { message: t('validation.futureDate'), text: '02/01/2099' },
    })
    expect(problems('de_texto=31/02/2024', 'jr')).toEqual({
      de: { message: t('validation.date'), text: '31/02/2024' },
    })
    expect(problems('de=2024-02-31')).toEqual({})
    expect(problems('de=2099-01-01', 'p')).toEqual({}) // people have no period filter
  })
})

describe('the search resubmit lock (spec §4, §9)', () => {
  const storage = () => {
    const map = new Map<string, string>()
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    }
  }
  const home = `${BASE}/`
  const results = `${BASE}/busca?qo=t&q=contrato`

  it('one submit per 3 s, whichever search box sends it', () => {
    const s = storage()
    const t0 = 1_000_000_000
    expect(takeSubmitLock(t0, s, home, results)).toBe(true)
    expect(takeSubmitLock(t0 + 10, s, home, `${BASE}/busca?qo=p&q=ana`)).toBe(false)
    expect(takeSubmitLock(t0 + SUBMIT_LOCK_MS - 1, s, home, results)).toBe(false)
    expect(takeSubmitLock(t0 + SUBMIT_LOCK_MS, s, home, results)).toBe(true)
  })
})

describe('lawsuit grau codes read as people say them', () => {
  it('G1, G2, JE… and unknown codes as they came', () => {
    expect(degreeLabel('G1')).toBe('1º grau')
    expect(degreeLabel('G2')).toBe('2º grau')
    expect(degreeLabel('JE')).toBe('Juizado Especial')
    expect(degreeLabel('TR')).toBe('Turma Recursal')
    expect(degreeLabel('SUP')).toBe('Tribunal Superior')
    expect(degreeLabel('XYZ')).toBe('XYZ')
    expect(degreeLabel(null)).toBe('')
  })
})

describe('search marks in titles and excerpts', () => {
  it('marks the searched words as the index folds them, and leaves FTS snippets alone', () => {
    const terms = markTerms(parseQuery('licitacao "pregão eletrônico"'))
    expect(markWords('AVISO DE LICITAÇÃO - PREGÃO ELETRÔNICO Nº 5', terms)).toBe(
      `AVISO DE ${MARK_START}LICITAÇÃO${MARK_END} - ${MARK_START}PREGÃO${MARK_END} ${MARK_START}ELETRÔNICO${MARK_END} Nº 5`,
    )
    const snippet = `já ${MARK_START}marcado${MARK_END} licitação`
    expect(markWords(snippet, terms)).toBe(snippet)
  })
})

describe('header entries of features without pages', () => {
  it('are left out until their feature is on, in one place', () => {
    const off = navSections('', { monitoring: false, directory: false, articles: false })
    const all = [...off.solutions, ...off.companies, ...off.systems, ...off.account].map((l) => l.href)
    for (const path of ['/monitoramentos', '/intimacoes', '/prazos', '/profissionais', '/artigos'])
      expect(all.filter((href) => href.startsWith(path))).toEqual([])
    const on = navSections('', { ...FEATURES, monitoring: true, directory: true, articles: true })
    expect(on.solutions.map((l) => l.href)).toContain('/monitoramentos')
    expect(on.systems.map((l) => l.href)).toContain('/profissionais')
    // A lawyer finds her intimações and deadlines among her own pages (issue 41).
    expect(on.account.map((l) => l.label)).toEqual(expect.arrayContaining(['Intimações', 'Prazos']))
  })

  it('offers "Artigos e comunidades", whose list exists (issue 14)', () => {
    expect(FEATURES.articles).toBe(true)
    expect(navSections('').solutions).toContainEqual({ label: 'Artigos e comunidades', href: '/artigos' })
  })

  it('offers the directory, whose pages exist (issue 13)', () => {
    expect(FEATURES.directory).toBe(true)
    expect(navSections('').solutions).toContainEqual({
      label: 'Encontre um profissional',
      href: '/profissionais',
    })
  })
})
