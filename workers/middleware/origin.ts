import type { MiddlewareHandler } from 'hono'
import { DomainError } from '~/domain/errors'
import type { AppEnv } from '../env'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Server-to-server endpoints authenticated by a client secret, not cookies: CSRF does not apply. */
const BACK_CHANNEL_PATHS = new Set(['/__dev/oidc/token'])

/** True when `origin` is the main site or one of its profile subdomains. */
export function isOwnOrigin(origin: string, baseDomain: string): boolean {
  let host: string
  try {
    host = new URL(origin).host.toLowerCase()
  } catch {
    return false
  }
  const base = baseDomain.toLowerCase()
  return host === base || host.endsWith(`.${base}`)
}

/**
 * CSRF defence for every state-changing request: the browser-set Origin (or, failing that,
 * Sec-Fetch-Site) must say the request came from our own pages. Requests with neither are refused.
 */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !BACK_CHANNEL_PATHS.has(c.req.path)) {
      const origin = c.req.header('origin')
      const fetchSite = c.req.header('sec-fetch-site')
      const allowed = origin
        ? origin !== 'null' && isOwnOrigin(origin, c.env.BASE_DOMAIN)
        : fetchSite === 'same-origin' || fetchSite === 'same-site'
      if (!allowed) throw new DomainError('api.badOrigin', 403)
    }
    await next()
  }
}
