import { Hono } from 'hono'
import { sourceRetry } from '~/api/endpoints/sources'
import { retryDeadLetter } from '~/domain/sources/status.server'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/** The public sources' reviewers' action (issue 40): "Tentar de novo" on a dead letter. */
const sourcesApiBase = new Hono<AppEnv>()

export const sourcesApi = register(sourcesApiBase, sourceRetry, async (c) =>
  respond(c, await retryDeadLetter(c.var.deps, idParam(c.req.valid('form').id, 'sources.retry.notDead'))),
)
