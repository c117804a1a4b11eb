import { followSchema } from '~/schemas/follow'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

/** Following (spec §3 "Followable item", §7 "Follow"; decisions/0023). */
const followed = actionSuccess({ seguindo: z.boolean(), count: z.number().int().nonnegative() })

export const follow = endpoint({
  ...routes.follow,
  spec: 'Follow',
  input: followSchema,
  output: followed,
  error: actionError,
  access: 'user',
  limit: 'api',
  public: false,
  summary: 'Seguir um item',
})

export const unfollow = endpoint({
  ...routes.unfollow,
  spec: 'Follow',
  input: followSchema,
  output: followed,
  error: actionError,
  access: 'user',
  limit: 'api',
  public: false,
  summary: 'Deixar de seguir um item',
})

/** A button's state for the viewer: the count, and whether they follow (pages served from a cache). */
export const followers = endpoint({
  ...routes.followers,
  input: followSchema,
  output: actionSuccess({
    count: z.number().int().nonnegative(),
    seguindo: z.boolean(),
    fixo: z.boolean(),
  }),
  error: actionError,
  access: 'anyone',
  limit: 'none',
  public: false,
  summary: 'Seguidores de um item e se quem vê o segue',
})
