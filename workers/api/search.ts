import { Hono } from 'hono'
import { siteSearch } from '~/api/endpoints/site-search'
import { readSearchRequest } from '~/domain/search/request'
import { search } from '~/domain/search/search.server'
import { todayIso } from '~/lib/dates'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'

/**
 * The site's own JSON search (declared in app/api/endpoints/site-search.ts): the same search as
 * `/busca`, by the same URL parameters, so a results page URL maps to its call. Also what
 * `npm run bench` measures. The parameters are read as the page reads them (`readSearchRequest`).
 */
const searchApiBase = new Hono<AppEnv>()

const searchApi1 = register(searchApiBase, siteSearch, async (c) => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(c.req.valid('query')))
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one)
  const outcome = await search(c.var.deps, readSearchRequest(params, todayIso()))
  return reply(c, siteSearch, { status: 'success', ...outcome }, { 'Cache-Control': 'public, max-age=60' })
})

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const searchApi = searchApi1
