import { Hono } from 'hono'
import { follow, followState, unfollow, unfollowMany } from '~/domain/follows/follows.server'
import { followSchema } from '~/schemas/follow'
import { deleteItemsSchema } from '~/schemas/table'
import type { AppEnv } from '../env'
import { invalidInput } from '../lib/input'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { perUserLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

const perUser = perUserLimit((env) => env.API_LIMITER)

/** Following (spec §3 "Followable item", §7 "Follow"; decisions/0023). */
export const followsApi = new Hono<AppEnv>()
  .post('/ajax/seguir', requireUser, perUser, validate(followSchema), async (c) =>
    respond(c, await follow(c.var.deps, c.var.user, c.req.valid('form'))),
  )
  .post('/ajax/deixar-seguir', requireUser, perUser, validate(followSchema), async (c) =>
    respond(c, await unfollow(c.var.deps, c.var.user, c.req.valid('form'))),
  )
  // The "Seguindo" tab's data table (spec §7 "Delete table items").
  .post('/ajax/conta/seguindo/excluir', requireUser, perUser, validate(deleteItemsSchema), async (c) =>
    respond(c, await unfollowMany(c.var.deps, c.var.user.id, c.req.valid('form').itens)),
  )
  // A button's state for the viewer: the count, and whether they follow (pages served from a cache).
  .get('/ajax/seguidores', async (c) => {
    const parsed = followSchema.safeParse(c.req.query())
    if (!parsed.success) throw invalidInput(parsed.error.issues)
    const { tipo, id } = parsed.data
    const state = await followState(c.var.deps, c.var.viewer?.id ?? null, tipo, id)
    c.header('Cache-Control', 'private, no-store')
    return c.json({ status: 'success', count: state.count, seguindo: state.following, fixo: state.locked })
  })
