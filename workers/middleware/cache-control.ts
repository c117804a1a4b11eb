import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'

const PRIVATE = 'private, no-store'

/** Profile photos are public whoever asks (content-addressed, immutable): caches may keep them. */
const PUBLIC_PATHS = /^\/imagens\//

/**
 * Every answer to a logged-in request (pages, `_root.data` and single-fetch data, JSON) is
 * `private, no-store`: it may carry the user's name, notifications or account data, and a shared
 * cache (the coming edge cache, a proxy) must never hand it to someone else. An explicit
 * `no-store` set by a route is kept as it is. Runs after the session middleware.
 */
export function privateWhenLoggedIn(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (!c.var.viewer || PUBLIC_PATHS.test(c.req.path)) return
    if (/\bno-store\b/i.test(c.res.headers.get('cache-control') ?? '')) return
    try {
      c.res.headers.set('Cache-Control', PRIVATE)
    } catch {
      // Headers of a fetched Response are immutable: answer a copy.
      const copy = new Response(c.res.body, c.res)
      copy.headers.set('Cache-Control', PRIVATE)
      c.res = copy
    }
  }
}
