import { CURSOR_MAX_LENGTH } from './cursor'
import { parseFilters, type SearchFilters } from './filters'
import { SEARCH_CATEGORIES, type SearchCategory } from './types'

export const MAX_PAGE = 100

export type SearchRequest = {
  q: string
  category: SearchCategory
  page: number
  filters: SearchFilters
  today: string
  /** The opaque cursor of the page before (decisions/0076), as the "Próxima" link carries it. */
  cursor: string | null
}

/** `q`, `qo`, `page` and the filters from a search URL; unknown values fall back, never fail. */
export function readSearchRequest(
  params: URLSearchParams,
  today: string,
  fixed?: SearchCategory,
): SearchRequest {
  const asked = params.get('qo') ?? 't'
  const known = (SEARCH_CATEGORIES as readonly string[]).includes(asked)
  const category: SearchCategory = fixed ?? (known ? (asked as SearchCategory) : 't')
  const page = Math.max(1, Math.min(MAX_PAGE, Number.parseInt(params.get('page') ?? '1', 10) || 1))
  return {
    q: params.get('q') ?? '',
    category,
    page,
    filters: parseFilters(params, category, today),
    today,
    cursor: params.get('cursor')?.slice(0, CURSOR_MAX_LENGTH) ?? null,
  }
}
