import { Link, useLocation } from '@remix-run/react'
import { CoverageHint } from '~/components/corpus/coverage-hint'
import {
  clearFiltersHref,
  type DateFilterProblems,
  hasActiveFilters,
  spellingHref,
} from '~/domain/search/filters'
import { MARK_END, MARK_START, markTerms, markWords } from '~/domain/search/marks'
import { parseQuery } from '~/domain/search/query'
import { MAX_PAGE } from '~/domain/search/request'
import type { SearchOutcome } from '~/domain/search/search.server'
import type { CategoryResults, Result, SearchCategory } from '~/domain/search/types'
import { type MessageKey, t } from '~/i18n/pt-BR'
import { formatCnpjDigits, formatDate } from '~/lib/format'
import { monitorNameHref } from '~/schemas/monitoring-constants'
import { FilterBar } from './filter-bar'
import { Highlighted } from './highlight'

export const COUNT_CAP_LABEL = 10_000

export function categoryLabel(category: SearchCategory): string {
  return t(`search.category.${category}` as MessageKey)
}

export function searchHref(category: SearchCategory, q: string, page = 1): string {
  const path =
    category === 'jr' ? '/jurisprudencia/busca' : category === 'leis' ? '/legislacao/busca' : '/busca'
  const params = new URLSearchParams({ q })
  if (category !== 'jr' && category !== 'leis') params.set('qo', category)
  if (page > 1) params.set('page', String(page))
  return `${path}?${params}`
}

function stripMarks(text: string): string {
  return text.split(MARK_START).join('').split(MARK_END).join('')
}

function countText(total: number): string {
  if (total > COUNT_CAP_LABEL) return t('search.resultsMany', { n: COUNT_CAP_LABEL.toLocaleString('pt-BR') })
  return total === 1 ? t('search.resultsOne') : t('search.resultsCount', { n: total.toLocaleString('pt-BR') })
}

function ResultItem({ result, terms }: { result: Result; terms: Set<string> }) {
  const meta: (string | null | undefined)[] = []
  let body: string | null = null
  switch (result.kind) {
    case 'p':
      meta.push(t('search.appearsIn', { processos: result.lawsuits, diarios: result.gazettes }))
      break
    case 'i':
      meta.push(
        `CNPJ ${formatCnpjDigits(result.cnpj)}`,
        t('search.appearsIn', { processos: result.lawsuits, diarios: result.gazettes }),
      )
      break
    case 'd':
      meta.push(result.gazette, formatDate(result.date), result.section)
      body = result.snippet
      break
    case 'en':
      meta.push(result.className, result.court)
      // The party that matched carries the highlighted name.
      body = result.parties
        .map((party) => (result.snippet && stripMarks(result.snippet) === party ? result.snippet : party))
        .join(' × ')
      break
    case 'jr':
      meta.push(result.court, result.className, result.rapporteur, formatDate(result.date))
      body = result.snippet
      break
    case 'leis':
      body = result.snippet ?? result.summary
      break
  }
  return (
    <li className="result" data-result={result.kind}>
      <h3 className="result__title">
        <a href={result.href}>
          <Highlighted text={markWords(result.title, terms)} />
        </a>
      </h3>
      {meta.filter(Boolean).length ? (
        <p className="result__meta">{meta.filter(Boolean).join(' · ')}</p>
      ) : null}
      {body ? (
        <p className="result__snippet">
          <Highlighted text={markWords(body, terms)} />
        </p>
      ) : null}
      {result.kind === 'p' || result.kind === 'i' ? (
        <p className="result__actions">
          <a href={monitorNameHref(stripMarks(result.title), 'BOTAO_MONITORAR_RESULTADO_BUSCA')}>
            {t('monitoring.nameButton')}
            <span className="visually-hidden">: {stripMarks(result.title)}</span>
          </a>
        </p>
      ) : null}
    </li>
  )
}

function Section({ section, q, compact }: { section: CategoryResults; q: string; compact: boolean }) {
  const label = categoryLabel(section.category)
  // Every category marks the searched words in its titles and excerpts, not only FTS snippets.
  const terms = markTerms(parseQuery(q))
  return (
    <section className="result-section" aria-labelledby={`resultados-${section.category}`}>
      <h2 id={`resultados-${section.category}`}>
        {label} <span className="muted result-section__count">{countText(section.total)}</span>
      </h2>
      <ol className="result-list">
        {section.results.map((r) => (
          <ResultItem key={`${r.kind}-${r.id}`} result={r} terms={terms} />
        ))}
      </ol>
      {compact && section.total > section.results.length ? (
        <p>
          <a href={searchHref(section.category, q)}>
            {t('search.seeAll', {
              n: countText(section.total).replace(/ resultados?$/, ''),
              categoria: label,
            })}
          </a>
        </p>
      ) : null}
    </section>
  )
}

/**
 * The current URL with another page (every other parameter, filters included, kept). The next
 * page carries the cursor where this one ended (decisions/0076), "Anterior" the one of the page
 * before (decisions/0083); without one, the page number's offset.
 */
function pageHref(pathname: string, search: string, page: number, cursor: string | null = null): string {
  const params = new URLSearchParams(search)
  params.delete('page')
  params.delete('cursor')
  if (page > 1) params.append('page', String(page))
  if (cursor) params.append('cursor', cursor)
  return `${pathname}?${params}`
}

function NoResults({ outcome }: { outcome: SearchOutcome }) {
  const { pathname, search } = useLocation()
  const { query, category, spelling, elsewhere, filters } = outcome
  const filtered = hasActiveFilters(filters)
  return (
    <div className="no-results" role="status">
      <p>
        <strong>{t('search.none', { q: query })}</strong>
      </p>
      {spelling ? (
        <p className="no-results__spelling">
          {t('search.didYouMean')} <a href={spellingHref(pathname, search, spelling)}>{spelling}</a>
        </p>
      ) : null}
      <p className="muted">{t('search.noneHint')}</p>
      <CoverageHint />
      {elsewhere.length ? (
        <>
          <p>{t(filtered ? 'search.elsewhereWithFilters' : 'search.elsewhere')}</p>
          <ul className="no-results__elsewhere">
            {elsewhere.map((e) => (
              <li key={e.category}>
                <a
                  href={
                    e.category === category
                      ? clearFiltersHref(pathname, search)
                      : searchHref(e.category, query)
                  }
                >
                  {t('search.elsewhereItem', {
                    categoria: categoryLabel(e.category),
                    n: countText(e.total).replace(/ resultados?$/, ''),
                  })}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {category !== 't' ? (
        <p>
          <a href={searchHref('t', query)}>{t('search.searchAll', { q: query })}</a>
        </p>
      ) : null}
    </div>
  )
}

export function SearchResults({
  outcome,
  pageSize,
  dateProblems = {},
}: {
  outcome: SearchOutcome
  pageSize: number
  dateProblems?: DateFilterProblems
}) {
  const { pathname, search } = useLocation()
  const { query, category, page, sections, lawsuit } = outcome
  if (outcome.empty) return <p className="muted">{t('search.emptyQuery')}</p>
  const found = sections.filter((s) => s.results.length > 0)
  const single = category === 't' ? null : sections[0]
  return (
    <div className="search-results">
      {category !== 't' ? (
        <FilterBar
          category={category}
          filters={outcome.filters}
          options={outcome.options}
          dateProblems={dateProblems}
        />
      ) : null}
      {lawsuit ? (
        <p className="alert alert--notice">
          {t('search.lawsuitFound')} <a href={lawsuit.href}>{lawsuit.title}</a>
        </p>
      ) : null}
      {found.length === 0 && !lawsuit ? <NoResults outcome={outcome} /> : null}
      {found.map((section) => (
        <Section key={section.category} section={section} q={query} compact={category === 't'} />
      ))}
      {single?.results.length ? (
        <nav className="pagination" aria-label={t('search.pageOf', { n: page })}>
          {page > 1 ? (
            <Link to={pageHref(pathname, search, page - 1, outcome.previous)} rel="prev">
              {t('search.previous')}
            </Link>
          ) : null}
          <span>{t('search.pageOf', { n: page })}</span>
          {page * pageSize < Math.min(single.total, MAX_PAGE * pageSize) ? (
            <Link to={pageHref(pathname, search, page + 1, outcome.next)} rel="next">
              {t('search.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
