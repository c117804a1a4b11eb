import { Hono } from 'hono'
import { suggest } from '~/domain/suggestions/suggestions.server'
import { suggestionsRequestSchema } from '~/schemas/search'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { rateLimit } from '../middleware/rate-limit'

export const suggestionsApi = new Hono<AppEnv>().post(
  '/api/v2/busca/sugestoes',
  rateLimit((env) => env.API_LIMITER),
  async (c) => {
    const { termo } = await readInput(c, suggestionsRequestSchema)
    c.header('Cache-Control', 'no-store')
    return c.json(await suggest(c.var.deps, termo))
  },
)
