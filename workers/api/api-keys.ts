import { Hono } from 'hono'
import { apiKeyCreate, apiKeyRevoke } from '~/api/endpoints/api-keys'
import { createKey, revokeKey } from '~/domain/api-keys/keys.server'
import type { AppEnv } from '../env'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/** "Conta" → API: the keys of the open API (decisions/0063); declared in app/api/endpoints/api-keys.ts. */
export const apiKeysApi = new Hono<AppEnv>()

register(apiKeysApi, apiKeyCreate, async (c) =>
  respond(c, await createKey(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
register(apiKeysApi, apiKeyRevoke, async (c) =>
  respond(c, await revokeKey(c.var.deps, c.var.user.id, c.req.valid('form').id)),
)
