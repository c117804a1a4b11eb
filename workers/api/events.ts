import { Hono } from 'hono'
import { recordEvent, trackEventSchema } from '~/domain/analytics/events.server'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'
import { rateLimit } from '../middleware/rate-limit'

/**
 * First-party click analytics (spec §1, §7): the browser beacons here, the Worker forwards.
 * Answers at once; forwarding finishes in the background and never fails the beacon.
 */
export const eventsApi = new Hono<AppEnv>().post(
  '/api/v2/eventos',
  rateLimit((env) => env.API_LIMITER),
  async (c) => {
    const event = await readInput(c, trackEventSchema)
    const country = (c.req.raw.cf?.country as string | undefined) ?? null
    const work = recordEvent(
      {
        analytics: c.env.ANALYTICS,
        posthog: c.env.POSTHOG_KEY ? { key: c.env.POSTHOG_KEY, host: c.env.POSTHOG_HOST } : null,
        fetch: (input, init) => fetch(input, init),
      },
      event,
      country,
    ).catch((error: unknown) =>
      console.error(JSON.stringify({ requestId: c.var.requestId, analytics: String(error) })),
    )
    c.executionCtx.waitUntil(work)
    return c.body(null, 204)
  },
)
