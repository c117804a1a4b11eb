import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { setMetric } from 'hono/timing'
import { createDeps } from '~/deps.server'
import { BRIDGE_TRIED_COOKIE, SESSION_HINT_COOKIE } from '~/domain/auth/bridge.server'
import { SESSION_COOKIE } from '~/domain/auth/session.server'
import { type PageRule, pageCacheRule } from '~/domain/cache/page-rules'
import { readVersions } from '~/domain/cache/versions.server'
import type { AppEnv } from '../env'
import { FLASH_COOKIE } from '../lib/flash'
import { deferHydration } from '../lib/hydrate-on-intent'

/**
 * Cookies that make a request someone's: a session here or on the main host, a message to show
 * once, a session bridge under way. Any of them bypasses the cache. (The D1 bookmark does not: it
 * is a logged-in writer's, and a page rendered with it is only fresher.)
 */
const PERSONAL_COOKIES = [SESSION_COOKIE, SESSION_HINT_COOKIE, FLASH_COOKIE, BRIDGE_TRIED_COOKIE]

/** What browsers get: always ask again, so logging in never shows them a stale anonymous page. */
const BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

/** Set by the build (workers/remix.ts): a deploy's pages never mix with the last deploy's assets. */
let buildVersion = 'dev'
export function setPageCacheBuild(version: string) {
  buildVersion = version
}

function ruleFor(c: Context<AppEnv>): PageRule | null {
  if (c.req.method !== 'GET') return null
  const path = c.req.path
  // Documents only: single-fetch data (`.data`) answers client navigations with live reads.
  if (path.endsWith('.data')) return null
  // The Cookie header parsed once (this runs on every page request).
  const cookies = getCookie(c)
  if (PERSONAL_COOKIES.some((name) => name in cookies)) return null
  return pageCacheRule(c.var.site, path)
}

function cacheKey(url: URL, versions: string[]): Request {
  const key = new URL(url.pathname, url.origin)
  const params = new URLSearchParams(url.search)
  params.sort()
  key.search = params.toString()
  key.searchParams.set('__pagina', `${buildVersion}.${versions.join('.')}`)
  return new Request(key.toString(), { method: 'GET' })
}

function storable(res: Response): boolean {
  const cacheControl = res.headers.get('cache-control') ?? ''
  return (
    res.status === 200 &&
    (res.headers.get('content-type') ?? '').startsWith('text/html') &&
    !res.headers.has('set-cookie') &&
    !/\b(?:no-store|private)\b/i.test(cacheControl)
  )
}

/** The stored page with this request's CSP nonce on every element that carries one. */
function withNonce(cached: Response, nonce: string | undefined): Response {
  const headers = new Headers(cached.headers)
  headers.set('Cache-Control', BROWSER_CACHE_CONTROL)
  const fresh = new Response(cached.body, { status: cached.status, headers })
  if (!nonce) return fresh
  const rewritten = new HTMLRewriter()
    .on('[nonce]', {
      element(element) {
        element.setAttribute('nonce', nonce)
      },
    })
    .transform(fresh)
  // A transformed response's headers are read-only; the security headers are added after this.
  return new Response(rewritten.body, rewritten)
}

/**
 * The edge page cache (decisions/0035): an anonymous GET of a page kind in `pageCacheRule` is
 * answered from the Workers Cache API when a copy exists under its versioned key; otherwise the
 * page is rendered and stored. Pages are stored before any security header or cookie is added,
 * and a hit gets the request's own nonce, so nothing of one visitor reaches another. Stored
 * pages hydrate on the reader's first intent (decisions/0040).
 */
export function pageCache(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rule = ruleFor(c)
    const cache =
      rule && typeof caches !== 'undefined' ? (caches as unknown as { default: Cache }).default : null
    if (!rule || !cache) {
      setMetric(c, 'cache', 'bypass')
      return next()
    }
    const url = new URL(c.req.url)
    const started = performance.now()
    const { versions, bookmark } = await readVersions(c.var.deps.pageVersions, rule.scopes)
    const key = cacheKey(url, versions)
    const cached = await cache.match(key)
    // The lookup's own time (versions, then the cache) beside the verdict.
    const lookup = performance.now() - started
    if (cached) {
      setMetric(c, 'cache', lookup, 'hit')
      return withNonce(cached, c.var.secureHeadersNonce)
    }
    setMetric(c, 'cache', lookup, 'miss')
    // Rendered for everyone until the next purge: from a replica that has the purging write.
    if (bookmark) c.set('deps', createDeps(c.env, bookmark))
    await next()
    if (!storable(c.res)) return
    // Stored and served hydrating on intent (decisions/0040): only anonymous readers get here.
    const body = deferHydration(await c.res.text(), c.var.secureHeadersNonce)
    const stored = new Headers(c.res.headers)
    stored.set('Cache-Control', `public, max-age=${rule.ttl}`)
    stored.delete('server-timing')
    stored.delete('content-length')
    const put = cache
      .put(key, new Response(body, { status: 200, headers: stored }))
      .catch((error: unknown) => {
        console.error(JSON.stringify({ requestId: c.var.requestId, pageCache: String(error) }))
      })
    try {
      c.executionCtx.waitUntil(put)
    } catch {
      await put // no execution context (a direct app.fetch): store before answering
    }
    const headers = new Headers(c.res.headers)
    headers.set('Cache-Control', BROWSER_CACHE_CONTROL)
    headers.delete('content-length')
    c.res = undefined
    c.res = new Response(body, { status: 200, headers })
  }
}
