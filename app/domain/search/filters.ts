import { t } from '~/i18n/pt-BR'
import { readDateParam } from '~/lib/date-param'
import type { SearchCategory } from './types'

/**
 * Search filters and sorting (spec §2, issue 5). Filters live in the URL after a `filtro` marker,
 * so "limpar filtros" can cut the URL at `&filtro`. Checkboxes add or remove their own name=value
 * pair; selects and date inputs set their own parameter; any change drops `page` (back to page 1).
 * Shared by the server (parsing) and the filter bar (building URLs).
 */
export type SortOrder = 'relevancia' | 'recentes'

export type SearchFilters = {
  uf: string[]
  cidade: string | null
  tribunal: string[]
  diario: string | null
  caderno: string | null
  /** Lawsuit class code (spec §2 `tipo`); 0 or absent means every class. */
  tipo: number | null
  especie: string | null
  de: string | null
  ate: string | null
  ordem: SortOrder
}

export type FilterOption = { value: string; label: string }
export type FilterOptions = Partial<
  Record<'uf' | 'cidade' | 'tribunal' | 'diario' | 'caderno' | 'tipo' | 'especie', FilterOption[]>
>

export type FilterName = Exclude<keyof SearchFilters, 'ordem'> | 'ordem'

export const FILTER_MARKER = 'filtro'

/** Which filters each category offers; `t` (Tudo) has none. */
export const FILTERS_BY_CATEGORY: Record<SearchCategory, readonly FilterName[]> = {
  t: [],
  p: ['uf', 'cidade'],
  i: ['uf', 'cidade'],
  d: ['uf', 'diario', 'caderno', 'de', 'ate', 'ordem'],
  en: ['tribunal', 'tipo', 'uf', 'cidade', 'de', 'ate', 'ordem'],
  jr: ['tribunal', 'de', 'ate', 'ordem'],
  leis: ['especie', 'de', 'ate', 'ordem'],
}

/** Filters shown as checkboxes (several values at once); the rest are selects or dates. */
export const CHECKBOX_FILTERS: Partial<Record<SearchCategory, readonly FilterName[]>> = {
  d: ['uf'],
  en: ['tribunal'],
  jr: ['tribunal'],
}

export const NO_FILTERS: SearchFilters = {
  uf: [],
  cidade: null,
  tribunal: [],
  diario: null,
  caderno: null,
  tipo: null,
  especie: null,
  de: null,
  ate: null,
  ordem: 'relevancia',
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const CODE = /^[A-Za-z0-9]{1,12}$/

function dateParam(params: URLSearchParams, name: string, today: string): string | null {
  return readDateParam(params, name, today).iso
}

export type DateFilterProblems = Partial<Record<'de' | 'ate', { message: string; text: string }>>

/**
 * What the page must say about the period filters it received: a future date (refused, not
 * clamped to today) or an impossible typed one. A bad yyyy-mm-dd in the URL stays ignored.
 */
export function dateFilterProblems(
  params: URLSearchParams,
  category: SearchCategory,
  today: string,
): DateFilterProblems {
  const problems: DateFilterProblems = {}
  for (const name of ['de', 'ate'] as const) {
    if (!FILTERS_BY_CATEGORY[category].includes(name)) continue
    const read = readDateParam(params, name, today)
    if (read.problem === 'future') problems[name] = { message: t('validation.futureDate'), text: read.text }
    else if (read.problem === 'invalid' && read.typed)
      problems[name] = { message: t('validation.date'), text: read.text }
  }
  return problems
}

/** Lenient: a value that is not one the filter could have is ignored, never an error page. */
export function parseFilters(
  params: URLSearchParams,
  category: SearchCategory,
  today: string,
): SearchFilters {
  const allowed = new Set(FILTERS_BY_CATEGORY[category])
  const many = (name: string, pattern: RegExp, max: number) =>
    [...new Set(params.getAll(name).map((v) => v.trim().toUpperCase()))]
      .filter((v) => pattern.test(v))
      .slice(0, max)
  const one = (name: string, pattern: RegExp) => {
    const value = params.get(name)?.trim().toLowerCase() ?? ''
    return pattern.test(value) ? value : null
  }
  const tipo = Number.parseInt(params.get('tipo') ?? '', 10)
  let de = dateParam(params, 'de', today)
  let ate = dateParam(params, 'ate', today)
  if (de && ate && de > ate) [de, ate] = [ate, de]
  const filters: SearchFilters = {
    uf: many('uf', /^[A-Z]{2}$/, 27),
    cidade: one('cidade', SLUG),
    tribunal: many('tribunal', CODE, 30),
    diario: one('diario', SLUG),
    caderno: one('caderno', SLUG),
    tipo: Number.isInteger(tipo) && tipo > 0 && tipo < 1e9 ? tipo : null,
    especie: one('especie', SLUG),
    de,
    ate,
    ordem: params.get('ordem') === 'recentes' ? 'recentes' : 'relevancia',
  }
  const kept = { ...NO_FILTERS }
  for (const name of allowed) Object.assign(kept, { [name]: filters[name] })
  // A city only narrows a single UF (its select lists that UF's cities).
  if (kept.uf.length !== 1) kept.cidade = null
  return kept
}

export function hasActiveFilters(filters: SearchFilters): boolean {
  return (
    filters.uf.length > 0 ||
    filters.tribunal.length > 0 ||
    filters.ordem !== 'relevancia' ||
    [
      filters.cidade,
      filters.diario,
      filters.caderno,
      filters.tipo,
      filters.especie,
      filters.de,
      filters.ate,
    ].some((v) => v !== null)
  )
}

/**
 * The URL's search string with the marker in place, so filters always come after `filtro`; back
 * to the first page, so the page's cursor goes too (another filter's cursor is ignored anyway).
 */
function withMarker(search: string): URLSearchParams {
  const params = new URLSearchParams(search)
  params.delete('page')
  params.delete('cursor')
  if (!params.has(FILTER_MARKER)) params.append(FILTER_MARKER, '1')
  return params
}

/** A checkbox adds or removes its own name=value pair. */
export function toggleFilterHref(pathname: string, search: string, name: string, value: string): string {
  const params = withMarker(search)
  const present = params.getAll(name).includes(value)
  if (present) params.delete(name, value)
  else params.append(name, value)
  return `${pathname}?${params}`
}

/** A select or date input sets its own parameter; empty (or `tipo=0`) removes it. */
export function setFilterHref(pathname: string, search: string, name: string, value: string): string {
  const params = withMarker(search)
  if (value === '' || (name === 'tipo' && value === '0')) params.delete(name)
  else params.set(name, value)
  // Choosing another UF invalidates the city chosen inside the previous one.
  if (name === 'uf') params.delete('cidade')
  params.delete(`${name}_texto`)
  return `${pathname}?${params}`
}

/**
 * "Você quis dizer": the same search with the corrected words, every filter kept (a checkbox's
 * repeated pairs too), from its first page (no page number, no cursor of the other words).
 */
export function spellingHref(pathname: string, search: string, q: string): string {
  const params = new URLSearchParams(search)
  params.set('q', q)
  params.delete('page')
  params.delete('cursor')
  return `${pathname}?${params}`
}

/** "Limpar filtros": everything from `&filtro` onward goes. */
export function clearFiltersHref(pathname: string, search: string): string {
  const raw = search.startsWith('?') ? search.slice(1) : search
  const parts = raw.split('&')
  const at = parts.findIndex((part) => part === FILTER_MARKER || part.startsWith(`${FILTER_MARKER}=`))
  const kept = at === -1 ? parts : parts.slice(0, at)
  const query = kept.filter(Boolean).join('&')
  return query ? `${pathname}?${query}` : pathname
}
