import type { MiddlewareHandler } from 'hono'
import { routes } from '~/api/routes'
import { DomainError } from '~/domain/errors'
import { protocolFor } from '~/domain/site/host'
import type { AppEnv } from '../env'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Endpoints authenticated by a secret, not cookies: CSRF does not apply. Four are local stand-ins
 * (Google's and gov.br's token endpoints, Turnstile's siteverify, a webhook receiver), mounted only by the local entry; the Worker
 * calls them in-process, without a browser's Origin.
 */
const BACK_CHANNEL_PATHS = new Set([
  '/__dev/oidc/token',
  '/__dev/govbr/token',
  '/__dev/turnstile/siteverify',
  // The local webhook receiver: posted by our own queue consumer, server to server.
  '/__dev/webhook',
  // The INLABS stand-in's login form, posted by the DOU client (decisions/0101), server to server.
  '/__dev/inlabs/logar.php',
  // RFC 8058 one-click unsubscribe: posted by mail providers (no Origin), authenticated by the
  // signed token in the URL; no cookie is read, so there is nothing to forge.
  routes.unsubscribeOneClick.path,
])

/** The public sources' stand-ins (issue 40): the engine posts to them as it would to CNJ's API. */
const BACK_CHANNEL_PREFIXES = ['/__dev/datajud/api_publica_']

const isBackChannel = (path: string) =>
  BACK_CHANNEL_PATHS.has(path) || BACK_CHANNEL_PREFIXES.some((prefix) => path.startsWith(prefix))

/**
 * True when `origin` is the main site or one of its profile subdomains, over the site's own
 * scheme (https in production, so an `http://` page cannot post; http only on localhost).
 */
export function isOwnOrigin(origin: string, baseDomain: string): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  const host = url.host.toLowerCase()
  const base = baseDomain.toLowerCase()
  return url.protocol === protocolFor(baseDomain) && (host === base || host.endsWith(`.${base}`))
}

/**
 * CSRF defence for every state-changing request: the browser-set Origin (or, failing that,
 * Sec-Fetch-Site) must say the request came from our own pages. Requests with neither are refused.
 */
export function originCheck(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !isBackChannel(c.req.path)) {
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
