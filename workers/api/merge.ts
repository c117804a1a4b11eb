import { Hono } from 'hono'
import { mergeAccounts, proveOtherAccount } from '~/domain/merge/merge.server'
import { mergeAccountsSchema, proveAccountSchema } from '~/schemas/merge'
import type { AppEnv } from '../env'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { perUserLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

// Proving is a password check: a small counter per user (and the per-account one inside it).
const proveLimit = perUserLimit((env) => env.LOGIN_ACCOUNT_LIMITER, { scope: 'unir-contas' })
// Confirming needs a ticket only a proof gives, and the batch itself lets one merge win a race
// (decisions/0046): an ordinary per-user counter, so a race reaches the guard that settles it.
const confirmLimit = perUserLimit((env) => env.API_LIMITER, { scope: 'unir-contas-confirmar' })

/** Merging two accounts of one person (issue 17, decisions/0033): prove the other, then merge. */
export const mergeApi = new Hono<AppEnv>()
  // A password check: limited like logins, per person, so it cannot be used to guess passwords.
  .post('/ajax/conta/unir/verificar', requireUser, proveLimit, validate(proveAccountSchema), async (c) =>
    respond(c, await proveOtherAccount(c.var.deps, c.var.user.id, c.req.valid('form'))),
  )
  .post('/ajax/conta/unir', requireUser, confirmLimit, validate(mergeAccountsSchema), async (c) =>
    respond(c, await mergeAccounts(c.var.deps, c.var.user.id, c.req.valid('form'))),
  )
