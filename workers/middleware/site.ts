import type { MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { setMetric } from 'hono/timing'
import { BOOKMARK_COOKIE, sessionStart, validBookmark } from '~/db/d1-session.server'
import { createDeps } from '~/deps.server'
import { SESSION_COOKIE } from '~/domain/auth/session.server'
import { DomainError } from '~/domain/errors'
import { mainOrigin, resolveSite } from '~/domain/site/host'
import { boundedPath } from '~/lib/paths'
import type { AppEnv } from '../env'
import { parentCookieDomain } from '../lib/session-cookie'

/** How long a write's bookmark is worth carrying: replicas catch up long before. */
const BOOKMARK_MAX_AGE = 10 * 60

/**
 * Builds the per-request dependencies from the bindings, with one D1 session per request
 * (decisions/0035): it starts from the browser's bookmark when it has one, so its own writes are
 * always read back; without one a read may start on any replica, a write on the primary. A
 * logged-in request (or one that logs in) carries the new bookmark back; anonymous visitors never
 * get it: what they write (events, messages) is never read back, and their pages stay cacheable. Reports the time spent in D1 as `Server-Timing: db`.
 */
export function deps(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = validBookmark(getCookie(c, BOOKMARK_COOKIE))
    const writes = c.req.method !== 'GET' && c.req.method !== 'HEAD'
    c.set('deps', createDeps(c.env, sessionStart(sent, writes)))
    try {
      await next()
    } finally {
      // The page cache may have opened the session anew (from a purge's bookmark): read it here.
      const timer = c.var.deps.dbTimer
      setMetric(c, 'db', timer.total, `${timer.calls} ${timer.calls === 1 ? 'consulta' : 'consultas'}`)
    }
    const bookmark = c.var.deps.dbBookmark()
    const sessionStarted = c.res.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))
    if (bookmark && bookmark !== sent && (c.var.viewer || sessionStarted))
      setCookie(c, BOOKMARK_COOKIE, bookmark, {
        path: '/',
        // The parent domain: the profile hosts read a write made on the main host.
        domain: parentCookieDomain(c.env.BASE_DOMAIN),
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: BOOKMARK_MAX_AGE,
      })
  }
}

/** On a profile host only these paths exist; the rest belongs to the main site. */
const PROFILE_HOST_PATHS =
  /^\/(?:|_root\.data|__manifest|robots\.txt|favicon\.svg|logout)$|^\/(?:ajax|api|imagens|assets|sessao)\//

/**
 * Resolves `{name}.{BASE_DOMAIN}`: `www` redirects to the bare domain, a profile host keeps its
 * own paths and sends the others to the main site, an unknown or reserved name is left for
 * Remix to answer with the Portuguese 404 page.
 */
export function siteResolution(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url)
    const site = resolveSite(c.req.header('host') ?? url.host, c.env.BASE_DOMAIN)
    c.set('site', site)
    if (site.kind === 'www' || (site.kind === 'profile' && !PROFILE_HOST_PATHS.test(url.pathname))) {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') throw new DomainError('api.notFound', 404)
      return c.redirect(`${mainOrigin(c.env.BASE_DOMAIN)}${boundedPath(url)}`, 301)
    }
    await next()
  }
}
