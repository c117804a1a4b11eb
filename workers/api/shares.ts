import { Hono } from 'hono'
import { shareCount, shareRecord } from '~/api/endpoints/shares'
import { shareCount as countShares, share } from '~/domain/shares/shares.server'
import type { AppEnv } from '../env'
import { register, reply } from '../lib/register'

/** The product's own share count (spec §1); declared in app/api/endpoints/shares.ts. */
const sharesApiBase = new Hono<AppEnv>()

const sharesApi1 = register(sharesApiBase, shareCount, async (c) =>
  reply(
    c,
    shareCount,
    { status: 'success', ...(await countShares(c.var.deps, c.env.BASE_DOMAIN, c.req.valid('query').url)) },
    { 'Cache-Control': 'public, max-age=60' },
  ),
)
const sharesApi2 = register(sharesApi1, shareRecord, async (c) =>
  reply(c, shareRecord, {
    status: 'success',
    ...(await share(c.var.deps, c.env.BASE_DOMAIN, c.req.valid('form'))),
  }),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const sharesApi = sharesApi2
