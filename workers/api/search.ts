import { Hono } from 'hono'
import { readSearchRequest } from '~/domain/search/request'
import { search } from '~/domain/search/search.server'
import { todayIso } from '~/lib/dates'
import type { AppEnv } from '../env'

/**
 * `GET /api/v2/busca?q&qo&page&filtro…`: the same search as `/busca`, as JSON (the same URL
 * parameters, so a results page URL maps to its API call). Also what `npm run bench` measures.
 */
export const searchApi = new Hono<AppEnv>().get('/api/v2/busca', async (c) => {
  const url = new URL(c.req.url)
  const outcome = await search(c.var.deps, readSearchRequest(url.searchParams, todayIso()))
  c.header('Cache-Control', 'public, max-age=60')
  return c.json(outcome)
})
