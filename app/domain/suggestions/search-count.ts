/**
 * A results page names its term and total in two internal headers; the Worker counts the search
 * from them after answering, and strips them (decisions/0013, 0035). They ride in the cached copy
 * too, so a search answered by the edge cache is counted like any other.
 */
export const SEARCH_TERM_HEADER = 'X-Busca-Termo'
export const SEARCH_TOTAL_HEADER = 'X-Busca-Total'

export function searchCountHeaders(term: string, results: number): Record<string, string> {
  return { [SEARCH_TERM_HEADER]: encodeURIComponent(term), [SEARCH_TOTAL_HEADER]: String(results) }
}

/** The term and total a page carries, or null. */
export function readSearchCount(headers: Headers): { term: string; results: number } | null {
  const term = headers.get(SEARCH_TERM_HEADER)
  const total = Number(headers.get(SEARCH_TOTAL_HEADER))
  if (term === null || !Number.isFinite(total)) return null
  try {
    return { term: decodeURIComponent(term), results: total }
  } catch {
    return null
  }
}
