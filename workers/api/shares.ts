import { Hono } from 'hono'
import { recordShare, shareKey, shareTotal } from '~/domain/shares/shares.server'
import { shareSchema } from '~/schemas/shares'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { clientAddress, rateLimit } from '../middleware/rate-limit'

/** The product's own share count (spec §1): one POST per share click, a GET for the total. */
export const sharesApi = new Hono<AppEnv>()
  .get('/api/v2/compartilhamentos', async (c) => {
    const key = shareKey(c.req.query('url') ?? '', c.env.BASE_DOMAIN)
    c.header('Cache-Control', 'public, max-age=60')
    return c.json({ total: await shareTotal(c.var.deps, key) })
  })
  .post(
    '/api/v2/compartilhamentos',
    rateLimit(
      (env) => env.API_LIMITER,
      (c) => `share:${clientAddress(c)}`,
    ),
    async (c) => {
      const { url, rede } = await readInput(c, shareSchema)
      const total = await recordShare(c.var.deps, shareKey(url, c.env.BASE_DOMAIN), rede, c.env.BASE_DOMAIN)
      return c.json({ status: 'success', total })
    },
  )
