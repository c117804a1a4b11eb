import { Hono } from 'hono'
import { trackEvent } from '~/api/endpoints/shares'
import { recordEvent } from '~/domain/analytics/events.server'
import type { AppEnv } from '../env'
import { register } from '../lib/register'

/**
 * First-party click analytics (spec §1, §7): the browser beacons here, the Worker forwards.
 * Answers at once; forwarding finishes in the background and never fails the beacon. Declared
 * in app/api/endpoints/shares.ts.
 */
const eventsApiBase = new Hono<AppEnv>()

const eventsApi1 = register(eventsApiBase, trackEvent, async (c) => {
  const country = (c.req.raw.cf?.country as string | undefined) ?? null
  const work = recordEvent(
    {
      analytics: c.env.ANALYTICS,
      posthog: c.env.POSTHOG_KEY ? { key: c.env.POSTHOG_KEY, host: c.env.POSTHOG_HOST } : null,
      fetch: (input, init) => fetch(input, init),
    },
    c.req.valid('form'),
    country,
  ).catch((error: unknown) =>
    console.error(JSON.stringify({ requestId: c.var.requestId, analytics: String(error) })),
  )
  c.executionCtx.waitUntil(work)
  return c.body(null, 204)
})

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const eventsApi = eventsApi1
