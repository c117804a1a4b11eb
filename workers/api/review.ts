import { Hono } from 'hono'
import { reviewAccept, reviewRefuse } from '~/api/endpoints/claims'
import { acceptClaim, refuseClaim } from '~/domain/claims/decisions.server'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/**
 * The review queue's decisions (decisions/0048): reviewers only, each one in the audit trail,
 * one counter for both (decisions/0049); declared in app/api/endpoints/claims.ts.
 */
const reviewApiBase = new Hono<AppEnv>()

const reviewApi1 = register(reviewApiBase, reviewAccept, async (c) => {
  const input = c.req.valid('form')
  return respond(
    c,
    await acceptClaim(c.var.deps, c.var.user.id, idParam(input.id, 'review.notPending'), input.nota),
  )
})

const reviewApi2 = register(reviewApi1, reviewRefuse, async (c) => {
  const input = c.req.valid('form')
  return respond(
    c,
    await refuseClaim(c.var.deps, c.var.user.id, idParam(input.id, 'review.notPending'), input.motivo),
  )
})

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const reviewApi = reviewApi2
