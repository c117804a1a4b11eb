import { Hono } from 'hono'
import { suggestions } from '~/api/endpoints/suggestions'
import { suggest } from '~/domain/suggestions/suggestions.server'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'

/** The search box's suggestions (spec §7); declared in app/api/endpoints/suggestions.ts. */
const suggestionsApiBase = new Hono<AppEnv>()

const suggestionsApi1 = register(suggestionsApiBase, suggestions, async (c) =>
  reply(c, suggestions, await suggest(c.var.deps, c.req.valid('form').termo), {
    'Cache-Control': 'no-store',
  }),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const suggestionsApi = suggestionsApi1
