import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'
import {
  CHECKBOX_FILTERS,
  clearFiltersHref,
  type DateFilterProblems,
  FILTER_MARKER,
  FILTERS_BY_CATEGORY,
  type FilterName,
  type FilterOption,
  type FilterOptions,
  hasActiveFilters,
  type SearchFilters,
  setFilterHref,
  toggleFilterHref,
} from '~/domain/search/filters'
import type { SearchCategory } from '~/domain/search/types'
import { type MessageKey, t } from '~/i18n/pt-BR'
import { DatePicker } from '~/ui/date-picker'

/**
 * The filter area of a category's results (spec §2). With JavaScript every change navigates at
 * once by the URL rules in filters.ts; before it loads, the same controls are a GET form with a
 * "Filtrar" button, and the hidden `filtro` comes first so the filters follow it in the URL.
 */
export function FilterBar({
  category,
  filters,
  options,
  dateProblems = {},
}: {
  category: SearchCategory
  filters: SearchFilters
  options: FilterOptions
  /** Refused period dates (future or impossible): said next to their field, not applied. */
  dateProblems?: DateFilterProblems
}) {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])
  const names = FILTERS_BY_CATEGORY[category]
  if (!names.length) return null
  const params = new URLSearchParams(search)
  const checkboxes = new Set<FilterName>(CHECKBOX_FILTERS[category] ?? [])
  const go = (href: string) => navigate(href, { preventScrollReset: true })
  const label = (name: FilterName) => t(`search.filter.${name}` as MessageKey)

  const select = (
    name: FilterName,
    list: FilterOption[] | undefined,
    value: string,
    allLabel: string,
    all = '',
  ) =>
    list ? (
      <div className="field filters__field" key={name}>
        <label htmlFor={`filtro-${name}`}>{label(name)}</label>
        <select
          id={`filtro-${name}`}
          name={name}
          defaultValue={value}
          onChange={(e) => go(setFilterHref(pathname, search, name, e.currentTarget.value))}
        >
          <option value={all}>{allLabel}</option>
          {list.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    ) : null

  const group = (name: 'uf' | 'tribunal', list: FilterOption[] | undefined, chosen: string[]) =>
    list ? (
      <fieldset className={`filters__group${name === 'tribunal' ? ' filters__group--wide' : ''}`} key={name}>
        <legend>{label(name)}</legend>
        <div className="filters__checks">
          {list.map((o) => (
            <label key={o.value} className="filters__check">
              <input
                type="checkbox"
                name={name}
                value={o.value}
                defaultChecked={chosen.includes(o.value)}
                onChange={() => go(toggleFilterHref(pathname, search, name, o.value))}
              />{' '}
              <span title={o.label}>{o.value}</span>
            </label>
          ))}
        </div>
      </fieldset>
    ) : null

  const controls = names.map((name) => {
    switch (name) {
      case 'uf':
        return checkboxes.has('uf')
          ? group('uf', options.uf, filters.uf)
          : select('uf', options.uf, filters.uf[0] ?? '', t('search.filter.all'))
      case 'tribunal':
        return group('tribunal', options.tribunal, filters.tribunal)
      case 'cidade':
        return filters.uf.length === 1
          ? select('cidade', options.cidade, filters.cidade ?? '', t('search.filter.allCities'))
          : null
      case 'diario':
        return select('diario', options.diario, filters.diario ?? '', t('search.filter.all'))
      case 'caderno':
        return select('caderno', options.caderno, filters.caderno ?? '', t('search.filter.all'))
      case 'tipo':
        return select('tipo', options.tipo, String(filters.tipo ?? 0), t('search.filter.allClasses'), '0')
      case 'especie':
        return select('especie', options.especie, filters.especie ?? '', t('search.filter.all'))
      case 'de':
      case 'ate':
        return (
          <div className="filters__field" key={`${name}-${filters[name] ?? ''}`}>
            <DatePicker
              name={name}
              textName={`${name}_texto`}
              label={label(name)}
              format="dd/mm/yyyy"
              defaultValue={filters[name]}
              error={dateProblems[name]?.message ?? null}
              defaultText={dateProblems[name]?.text}
              onChange={(iso) => {
                if (iso !== (filters[name] ?? '')) go(setFilterHref(pathname, search, name, iso))
              }}
            />
          </div>
        )
      case 'ordem':
        return (
          <div className="field filters__field" key="ordem">
            <label htmlFor="filtro-ordem">{label('ordem')}</label>
            <select
              id="filtro-ordem"
              name="ordem"
              defaultValue={filters.ordem}
              onChange={(e) => go(setFilterHref(pathname, search, 'ordem', e.currentTarget.value))}
            >
              <option value="relevancia">{t('search.order.relevancia')}</option>
              <option value="recentes">{t('search.order.recentes')}</option>
            </select>
          </div>
        )
      default:
        return null
    }
  })

  const showClear = hasActiveFilters(filters) || params.has(FILTER_MARKER)
  return (
    // Uncontrolled controls answer a click at once; the key re-mounts them from each new URL.
    <form method="get" action={pathname} className="filters" aria-label={t('search.filters')} key={search}>
      <input type="hidden" name="q" value={params.get('q') ?? ''} />
      {params.has('qo') ? <input type="hidden" name="qo" value={params.get('qo') ?? ''} /> : null}
      <input type="hidden" name={FILTER_MARKER} value="1" />
      {controls}
      <div className="filters__actions">
        {enhanced ? null : (
          <button type="submit" className="button button--secondary">
            {t('search.filter.apply')}
          </button>
        )}
        {showClear ? (
          <Link className="filters__clear" to={clearFiltersHref(pathname, search)} preventScrollReset>
            {t('search.filter.clear')}
          </Link>
        ) : null}
      </div>
    </form>
  )
}
