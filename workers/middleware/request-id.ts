import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'

/**
 * A fresh id per request, in every log line and in the `X-Request-Id` answer header, so a user
 * can quote it from the error page. Set after `next()` because Remix returns its own Response.
 * Client-sent ids are ignored: logs must not be spoofable.
 */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = crypto.randomUUID()
    c.set('requestId', id)
    await next()
    c.res.headers.set('X-Request-Id', id)
  }
}
