import { Hono } from 'hono'
import { mergeConfirm, mergeProve } from '~/api/endpoints/claims'
import { mergeAccounts, proveOtherAccount } from '~/domain/merge/merge.server'
import type { AppEnv } from '../env'
import { register } from '../lib/register'
import { respond } from '../lib/respond'

/**
 * Merging two accounts of one person (issue 17, decisions/0033): prove the other, then merge.
 * Declared in app/api/endpoints/claims.ts (the proof's counter is the logins' binding).
 */
export const mergeApi = new Hono<AppEnv>()

register(mergeApi, mergeProve, async (c) =>
  respond(c, await proveOtherAccount(c.var.deps, c.var.user.id, c.req.valid('form'))),
)

register(mergeApi, mergeConfirm, async (c) =>
  respond(c, await mergeAccounts(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
