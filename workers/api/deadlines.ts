import { Hono } from 'hono'
import { suspensionAdd } from '~/api/endpoints/deadlines'
import { addSuspension } from '~/domain/deadlines/suspensions.server'
import { followSuspension } from '~/domain/intimations/recount.server'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'
import { isFormPost, respond } from '../lib/respond'

/** A court's declared suspension, added by a reviewer with its source and audited (issue 41). */
const deadlinesApiBase = new Hono<AppEnv>()

const deadlinesApi1 = register(deadlinesApiBase, suspensionAdd, async (c) => {
  const input = c.req.valid('form')
  const added = await addSuspension(c.var.deps, c.var.user.id, input)
  // The lawyers' stored deadlines of that court follow it: a share now, the cron walks the rest.
  await followSuspension(c.var.deps, { court: input.tribunal, from: input.de, to: input.ate })
  const answer = reply(c, suspensionAdd, { status: 'success', id: added.id })
  // A plain form post lands back on the reviewers' page with the message: a 303, no 200 body.
  if (isFormPost(c)) return (await respond(c, added)) as typeof answer
  return answer
})

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const deadlinesApi = deadlinesApi1
