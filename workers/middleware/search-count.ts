import type { MiddlewareHandler } from 'hono'
import { isRefinement, recordSearch } from '~/domain/suggestions/popular.server'
import { readSearchCount, SEARCH_TERM_HEADER, SEARCH_TOTAL_HEADER } from '~/domain/suggestions/search-count'
import type { AppEnv } from '../env'

/**
 * Popular searches are counted here, outside the page, so a results page served by the edge
 * cache counts too (decisions/0013, 0035): after the answer, anonymously, the term only; a tab
 * or filter opened from the same search's page is a refinement and not counted again.
 */
export function countSearches(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const found = c.req.method === 'GET' ? readSearchCount(c.res.headers) : null
    if (!found) return
    try {
      c.res.headers.delete(SEARCH_TERM_HEADER)
      c.res.headers.delete(SEARCH_TOTAL_HEADER)
    } catch {
      const copy = new Response(c.res.body, c.res)
      copy.headers.delete(SEARCH_TERM_HEADER)
      copy.headers.delete(SEARCH_TOTAL_HEADER)
      c.res = undefined
      c.res = copy
    }
    if (isRefinement(c.req.header('referer') ?? null, found.term)) return
    const counted = recordSearch(c.var.deps, found.term, found.results).catch((error: unknown) =>
      console.error(JSON.stringify({ requestId: c.var.requestId, searchTerms: String(error) })),
    )
    try {
      c.executionCtx.waitUntil(counted)
    } catch {
      await counted
    }
  }
}
