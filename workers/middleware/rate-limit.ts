import type { Context, MiddlewareHandler } from 'hono'
import { requestAddress } from '~/domain/auth/limits.server'
import { DomainError } from '~/domain/errors'
import type { AppEnv } from '../env'

/** The client's address as Cloudflare reports it ("local" under wrangler dev without one). */
export function clientAddress(c: Context<AppEnv>): string {
  return requestAddress(c.req.raw)
}

/**
 * Rate limit through a Workers Rate Limiting binding (counters in KV would be wrong: eventually
 * consistent, one write per second per key). `key` scopes the counter, e.g. per address.
 */
/** Per logged-in user, not per address: people behind one address act independently. */
export const perUserLimit = (binding: (env: Env) => RateLimit) =>
  rateLimit(binding, (c) => `u${c.var.viewer?.id ?? 0}`)

export function rateLimit(
  binding: (env: Env) => RateLimit,
  key: (c: Context<AppEnv>) => string = clientAddress,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { success } = await binding(c.env).limit({ key: `${c.req.routePath}:${key(c)}` })
    if (!success) throw new DomainError('api.rateLimited', 429)
    await next()
  }
}
