import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { setMetric } from 'hono/timing'
import { createDeps } from '~/deps.server'
import { BRIDGE_TRIED_COOKIE, SESSION_HINT_COOKIE } from '~/domain/auth/bridge.server'
import { SESSION_COOKIE } from '~/domain/auth/session.server'
import {
  depVersionsHeader,
  PAGE_DEP_VERSIONS_HEADER,
  PAGE_DEPS_HEADER,
  readDepVersions,
  readPageDeps,
} from '~/domain/cache/page-deps'
import { type PageRule, pageCacheRule } from '~/domain/cache/page-rules'
import { bumpedAt, readVersions } from '~/domain/cache/versions.server'
import type { AppEnv } from '../env'
import { FLASH_COOKIE } from '../lib/flash'
import { BOOTSTRAP, deferHydration } from '../lib/hydrate-on-intent'

/**
 * Cookies that make a request someone's: a session here or on the main host, a message to show
 * once, a session bridge under way. Any of them bypasses the cache. (The D1 bookmark does not: it
 * is a logged-in writer's, and a page rendered with it is only fresher.)
 */
const PERSONAL_COOKIES = [SESSION_COOKIE, SESSION_HINT_COOKIE, FLASH_COOKIE, BRIDGE_TRIED_COOKIE]

/** What browsers get: always ask again, so logging in never shows them a stale anonymous page. */
const BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate'

/**
 * A stored page's build: the client assets' version and a short hash of the inline bootstrap it
 * carries, so a Worker whose bootstrap changed while its assets did not never serves a page
 * stored with the old one (decisions/0095).
 */
export function pageBuildVersion(assets: string, bootstrap: string = BOOTSTRAP): string {
  let hash = 5381
  for (let i = 0; i < bootstrap.length; i++) hash = (hash * 33) ^ bootstrap.charCodeAt(i)
  return `${assets}-${(hash >>> 0).toString(36)}`
}

/** Set by the build (workers/remix.ts): a deploy's pages never mix with the last deploy's assets. */
let buildVersion = pageBuildVersion('dev')
export function setPageCacheBuild(version: string) {
  buildVersion = pageBuildVersion(version)
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

/** A version without a bookmark is trusted only once it is older than clocks can disagree by. */
const CLOCK_MARGIN_MS = 5000

/**
 * Whether a stored page's declared scopes (decisions/0045) are still at the versions it was
 * rendered under; if not, the newest bookmark their purges left, to render from.
 */
async function depsCurrent(c: Context<AppEnv>, cached: Response) {
  const stored = readDepVersions(cached.headers)
  if (!stored.scopes.length) return { current: true, bookmark: null }
  const now = await readVersions(c.var.deps.pageVersions, stored.scopes)
  return { current: now.versions.every((v, i) => v === stored.versions[i]), bookmark: now.bookmark }
}

/**
 * The declared scopes' versions to store with a page, or null when the page may not be stored:
 * a scope was purged by a write this render may not have read (its bookmark is past the one this
 * render's D1 session reached, or, without a bookmark, it was purged since the render began).
 */
async function depVersionsToStore(c: Context<AppEnv>, declared: string[], renderedFrom: number) {
  if (!declared.length) return ''
  const { versions, marks } = await readVersions(c.var.deps.pageVersions, declared)
  const reached = c.var.deps.dbBookmark()
  const seen = versions.every((version, i) => {
    const mark = marks[i]
    if (mark) return reached !== null && reached >= mark
    return bumpedAt(version) < renderedFrom - CLOCK_MARGIN_MS
  })
  return seen ? depVersionsHeader(declared, versions) : null
}

/** The answer without the page's internal declaration (every answer, cached or not). */
function stripDeclaration(c: Context<AppEnv>): string[] {
  if (!c.res.headers.has(PAGE_DEPS_HEADER)) return []
  const declared = readPageDeps(c.res.headers)
  const headers = new Headers(c.res.headers)
  headers.delete(PAGE_DEPS_HEADER)
  const res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers })
  c.res = undefined
  c.res = res
  return declared
}

/** The stored page with this request's CSP nonce on every element that carries one. */
function withNonce(cached: Response, nonce: string | undefined): Response {
  const headers = new Headers(cached.headers)
  headers.set('Cache-Control', BROWSER_CACHE_CONTROL)
  headers.delete(PAGE_DEP_VERSIONS_HEADER)
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
      await next()
      stripDeclaration(c)
      return
    }
    const url = new URL(c.req.url)
    const started = performance.now()
    const { versions, bookmark } = await readVersions(c.var.deps.pageVersions, rule.scopes)
    const key = cacheKey(url, versions)
    const cached = await cache.match(key)
    let from = bookmark
    if (cached) {
      const deps = await depsCurrent(c, cached)
      if (deps.current) {
        // The lookup's own time (versions, the cache, the declared scopes) beside the verdict.
        setMetric(c, 'cache', performance.now() - started, 'hit')
        return withNonce(cached, c.var.secureHeadersNonce)
      }
      await cached.body?.cancel()
      if (deps.bookmark && (!from || deps.bookmark > from)) from = deps.bookmark
    }
    setMetric(c, 'cache', performance.now() - started, 'miss')
    // Rendered for everyone until the next purge: from a replica that has the purging write.
    if (from) c.set('deps', createDeps(c.env, from))
    const renderedFrom = Date.now()
    await next()
    const declared = stripDeclaration(c)
    if (!storable(c.res)) return
    const depVersions = await depVersionsToStore(c, declared, renderedFrom)
    // Stored and served hydrating on intent (decisions/0040): only anonymous readers get here.
    const body = deferHydration(await c.res.text(), c.var.secureHeadersNonce)
    const stored = new Headers(c.res.headers)
    stored.set('Cache-Control', `public, max-age=${rule.ttl}`)
    stored.delete('server-timing')
    stored.delete('content-length')
    if (depVersions) stored.set(PAGE_DEP_VERSIONS_HEADER, depVersions)
    const put =
      depVersions === null
        ? Promise.resolve()
        : cache.put(key, new Response(body, { status: 200, headers: stored })).catch((error: unknown) => {
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
