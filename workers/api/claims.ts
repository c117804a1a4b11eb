import { Hono } from 'hono'
import { claimPerson, claimUndo } from '~/api/endpoints/claims'
import { claimPerson as claim, undoClaim } from '~/domain/claims/claims.server'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/** "Este sou eu" (issue 17, decisions/0034): claiming a person page, and undoing it; declared in app/api/endpoints/claims.ts. */
const claimsApiBase = new Hono<AppEnv>()

const claimsApi1 = register(claimsApiBase, claimPerson, async (c) => {
  const input = c.req.valid('form')
  return respond(c, await claim(c.var.deps, c.var.user, idParam(input.id, 'claims.personNotFound'), input))
})

const claimsApi2 = register(claimsApi1, claimUndo, async (c) =>
  respond(
    c,
    await undoClaim(c.var.deps, c.var.user.id, idParam(c.req.valid('form').id, 'claims.personNotFound')),
  ),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const claimsApi = claimsApi2
