import type { Context } from 'hono'
import type { TurnstileConfig } from '~/domain/profiles/turnstile.server'
import { devApi } from '../api/dev'
import type { AppEnv } from '../env'

/**
 * Where and how the Turnstile check is sent. Outside production, a verify URL on our own main
 * host (the `/__dev/turnstile/siteverify` stand-in: this machine has no network) is answered
 * in-process by the dev router, so unit tests and `wrangler dev` need no socket to themselves.
 */
export function turnstileFor(c: Context<AppEnv>): {
  deps: { fetch: (request: Request) => Promise<Response> }
  config: TurnstileConfig
} {
  const config = { verifyUrl: c.env.TURNSTILE_VERIFY_URL, secret: c.env.TURNSTILE_SECRET ?? '' }
  let ownHost = false
  try {
    ownHost = new URL(config.verifyUrl).host === c.env.BASE_DOMAIN
  } catch {
    ownHost = false
  }
  if (c.env.ENVIRONMENT !== 'production' && ownHost) {
    return { deps: { fetch: async (request) => devApi.fetch(request, c.env, c.executionCtx) }, config }
  }
  return { deps: { fetch: (request) => fetch(request) }, config }
}
