import { Hono } from 'hono'
import { suggestions } from '~/api/endpoints/suggestions'
import { suggest } from '~/domain/suggestions/suggestions.server'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'

/** The search box's suggestions (spec §7); declared in app/api/endpoints/suggestions.ts. */
export const suggestionsApi = new Hono<AppEnv>()

register(suggestionsApi, suggestions, async (c) =>
  reply(c, suggestions, await suggest(c.var.deps, c.req.valid('form').termo), {
    'Cache-Control': 'no-store',
  }),
)
