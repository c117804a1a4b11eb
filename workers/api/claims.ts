import { Hono } from 'hono'
import { claimPerson, undoClaim } from '~/domain/claims/claims.server'
import { claimSchema, undoClaimSchema } from '~/schemas/claims'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { perUserLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

const limit = perUserLimit((env) => env.API_LIMITER, { scope: 'reivindicar' })

/** "Este sou eu" (issue 17, decisions/0034): claiming a person page, and undoing it. */
export const claimsApi = new Hono<AppEnv>()
  .post('/ajax/pessoas/:id/reivindicar', requireUser, limit, validate(claimSchema), async (c) =>
    respond(
      c,
      await claimPerson(
        c.var.deps,
        c.var.user,
        idParam(c.req.param('id'), 'claims.personNotFound'),
        c.req.valid('form'),
      ),
    ),
  )
  .post(
    '/ajax/pessoas/:id/desfazer-reivindicacao',
    requireUser,
    limit,
    validate(undoClaimSchema),
    async (c) =>
      respond(
        c,
        await undoClaim(c.var.deps, c.var.user.id, idParam(c.req.param('id'), 'claims.personNotFound')),
      ),
  )
