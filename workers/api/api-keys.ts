import { Hono } from 'hono'
import { apiKeyCreate, apiKeyRevoke } from '~/api/endpoints/api-keys'
import { createKey, revokeKey } from '~/domain/api-keys/keys.server'
import type { AppEnv } from '../env'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/** "Conta" → API: the keys of the open API (decisions/0063); declared in app/api/endpoints/api-keys.ts. */
const apiKeysApiBase = new Hono<AppEnv>()

const apiKeysApi1 = register(apiKeysApiBase, apiKeyCreate, async (c) =>
  respond(c, await createKey(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
const apiKeysApi2 = register(apiKeysApi1, apiKeyRevoke, async (c) =>
  respond(c, await revokeKey(c.var.deps, c.var.user.id, c.req.valid('form').id)),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const apiKeysApi = apiKeysApi2
