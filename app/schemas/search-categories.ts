// The search categories (spec §2 `qo`): the pages, the domain and the open API's schemas share them.
export const SEARCH_CATEGORIES = ['t', 'p', 'i', 'd', 'en', 'jr', 'leis'] as const
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number]
