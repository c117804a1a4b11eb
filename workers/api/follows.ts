import { Hono } from 'hono'
import { follow as followEndpoint, followers, unfollow as unfollowEndpoint } from '~/api/endpoints/follows'
import { followingDelete } from '~/api/endpoints/tables'
import { follow, followState, unfollow, unfollowMany } from '~/domain/follows/follows.server'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'
import { respond } from '../lib/respond'

/** Following (spec §3 "Followable item", §7 "Follow"; decisions/0023); declared in app/api/endpoints/follows.ts. */
const followsApiBase = new Hono<AppEnv>()

// The "Seguindo" tab's data table (spec §7 "Delete table items").
const followsApi1 = register(followsApiBase, followingDelete, async (c) =>
  respond(c, await unfollowMany(c.var.deps, c.var.user.id, c.req.valid('form').itens)),
)

const followsApi2 = register(followsApi1, followEndpoint, async (c) =>
  respond(c, await follow(c.var.deps, c.var.user, c.req.valid('form'))),
)
const followsApi3 = register(followsApi2, unfollowEndpoint, async (c) =>
  respond(c, await unfollow(c.var.deps, c.var.user, c.req.valid('form'))),
)
const followsApi4 = register(followsApi3, followers, async (c) => {
  const { tipo, id } = c.req.valid('query')
  const state = await followState(c.var.deps, c.var.viewer?.id ?? null, tipo, id)
  return reply(
    c,
    followers,
    { status: 'success', count: state.count, seguindo: state.following, fixo: state.locked },
    { 'Cache-Control': 'private, no-store' },
  )
})

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const followsApi = followsApi4
