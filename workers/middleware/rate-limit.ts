import type { Context, MiddlewareHandler } from 'hono'
import { DomainError } from '~/domain/errors'
import { requestAddress } from '~/domain/limits/rate-limits.server'
import type { MessageKey } from '~/i18n/pt-BR'
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
export const perUserLimit = (binding: (env: Env) => RateLimit, options?: LimitOptions) =>
  rateLimit(binding, (c) => `u${c.var.viewer?.id ?? 0}`, options)

type LimitOptions = {
  /** Counter shared by several routes (comments and replies); the route's path by default. */
  scope?: string
  /** The catalogue message when the limit is reached. */
  message?: MessageKey
}

/**
 * Every limiter this module builds: test/unit/caps-routes.test.ts walks the app's POST routes and
 * fails on a mutation without one of these in its chain (issue 27 item 12).
 */
export const rateLimiters = new WeakSet<MiddlewareHandler<AppEnv>>()

export function rateLimit(
  binding: (env: Env) => RateLimit,
  key: (c: Context<AppEnv>) => string = clientAddress,
  { scope, message = 'api.rateLimited' }: LimitOptions = {},
): MiddlewareHandler<AppEnv> {
  const limiter: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { success } = await binding(c.env).limit({ key: `${scope ?? c.req.routePath}:${key(c)}` })
    if (!success) throw new DomainError(message, 429)
    await next()
  }
  rateLimiters.add(limiter)
  return limiter
}

/**
 * Writes that purge cached pages, per user, one counter per area (`scope`): ten a minute is
 * more than a person saving by hand, and bounds the purges a script can cause.
 */
export const writeLimit = (scope: string) =>
  perUserLimit((env) => env.WRITE_LIMITER, { scope, message: 'api.tooManyWrites' })
