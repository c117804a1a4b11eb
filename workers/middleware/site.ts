import type { MiddlewareHandler } from 'hono'
import { createDeps } from '~/deps.server'
import { DomainError } from '~/domain/errors'
import { mainOrigin, resolveSite } from '~/domain/site/host'
import type { AppEnv } from '../env'

/** Builds the per-request dependencies (database client etc.) from the bindings. */
export function deps(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', createDeps(c.env))
    await next()
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
      return c.redirect(`${mainOrigin(c.env.BASE_DOMAIN)}${url.pathname}${url.search}`, 301)
    }
    await next()
  }
}
