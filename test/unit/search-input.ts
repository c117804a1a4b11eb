import { NO_FILTERS, type SearchFilters } from '~/domain/search/filters'
import type { SearchCategory } from '~/domain/search/types'

/**
 * A search request as the search route reads one: the category and filters given over none, on
 * `today`, at `page` (by its number, or after `cursor`). Shared by the shard tests' fixtures.
 */
export const searchInput = (
  q: string,
  today: string,
  { category, filters }: { category: SearchCategory; filters?: Partial<SearchFilters> },
  page = 1,
  cursor: string | null = null,
) => ({ q, category, page, filters: { ...NO_FILTERS, ...filters }, today, cursor })
