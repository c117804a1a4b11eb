import { Hono } from 'hono'
import { acceptClaim, refuseClaim } from '~/domain/claims/decisions.server'
import { acceptClaimSchema, refuseClaimSchema } from '~/schemas/claims'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { perUserLimit } from '../middleware/rate-limit'
import { requireRole } from '../middleware/roles'

// Both decisions share one ordinary per-reviewer counter (decisions/0049).
const limit = perUserLimit((env) => env.API_LIMITER, { scope: 'revisao' })

/** The review queue's decisions (decisions/0048): reviewers only, each one in the audit trail. */
export const reviewApi = new Hono<AppEnv>()
  .post(
    '/ajax/revisao/reivindicacoes/:id/aceitar',
    requireRole('revisor'),
    limit,
    validate(acceptClaimSchema),
    async (c) =>
      respond(
        c,
        await acceptClaim(
          c.var.deps,
          c.var.user.id,
          idParam(c.req.param('id'), 'review.notPending'),
          c.req.valid('form').nota,
        ),
      ),
  )
  .post(
    '/ajax/revisao/reivindicacoes/:id/recusar',
    requireRole('revisor'),
    limit,
    validate(refuseClaimSchema),
    async (c) =>
      respond(
        c,
        await refuseClaim(
          c.var.deps,
          c.var.user.id,
          idParam(c.req.param('id'), 'review.notPending'),
          c.req.valid('form').motivo,
        ),
      ),
  )
