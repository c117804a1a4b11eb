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
const mergeApiBase = new Hono<AppEnv>()

const mergeApi1 = register(mergeApiBase, mergeProve, async (c) =>
  respond(c, await proveOtherAccount(c.var.deps, c.var.user.id, c.req.valid('form'))),
)

const mergeApi2 = register(mergeApi1, mergeConfirm, async (c) =>
  respond(c, await mergeAccounts(c.var.deps, c.var.user.id, c.req.valid('form'))),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const mergeApi = mergeApi2
