import { Hono } from 'hono'
import { claimPerson, claimUndo } from '~/api/endpoints/claims'
import { claimPerson as claim, undoClaim } from '~/domain/claims/claims.server'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/** "Este sou eu" (issue 17, decisions/0034): claiming a person page, and undoing it; declared in app/api/endpoints/claims.ts. */
export const claimsApi = new Hono<AppEnv>()

register(claimsApi, claimPerson, async (c) => {
  const input = c.req.valid('form')
  return respond(c, await claim(c.var.deps, c.var.user, idParam(input.id, 'claims.personNotFound'), input))
})

register(claimsApi, claimUndo, async (c) =>
  respond(
    c,
    await undoClaim(c.var.deps, c.var.user.id, idParam(c.req.valid('form').id, 'claims.personNotFound')),
  ),
)
