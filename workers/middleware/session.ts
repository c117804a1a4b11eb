import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { BRIDGE_TRIED_COOKIE, SESSION_HINT_COOKIE } from '~/domain/auth/bridge.server'
import { readSession, SESSION_COOKIE, touchSession } from '~/domain/auth/session.server'
import { DomainError } from '~/domain/errors'
import { findSessionUser } from '~/domain/users/users.server'
import { bridgeUrl } from '~/lib/paths'
import type { AppEnv, AuthedEnv } from '../env'

/** Loads the logged-in user (or null) from the session cookie: KV record, then D1 user. */
export function session(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = getCookie(c, SESSION_COOKIE)
    const record = await readSession(c.var.deps, id)
    const found = record ? await findSessionUser(c.var.deps, record.userId) : null
    // A password change ends every session started before it (the changing one is renewed).
    const valid = !!found && !!record && (found.passwordChangedAt ?? 0) <= record.createdAt
    const user = valid ? found.user : null
    // Slides the idle timeout (at most one KV write an hour per session). Awaited, not deferred:
    // a write landing after this request's own logout would bring the session back.
    if (user && id && record)
      await touchSession(c.var.deps, id, record).catch((error: unknown) =>
        console.error(JSON.stringify({ requestId: c.var.requestId, sessionTouch: String(error) })),
      )
    c.set('sessionId', user && id ? id : null)
    c.set('viewer', user)
    c.set('unconfirmedEmail', valid ? found.unconfirmedEmail : null)
    await next()
  }
}

/**
 * Guard for routes that need a logged-in user: 401 (or, for a plain form post, the login page),
 * and after it `c.var.user` is typed as a user, never null.
 */
export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  const viewer = c.var.viewer
  if (!viewer) throw new DomainError('api.loginRequired', 401)
  c.set('user', viewer)
  await next()
})

/**
 * On a profile host, a page visit by a browser whose main host session hint is set, but which has
 * no session here yet, goes once through the session bridge (decisions/0023), so a logged-in
 * visitor is recognised before clicking anything. Once per login: the try remembers the hint it
 * was for, and a new login's hint is tried again (decisions/0054). Without the hint nothing
 * happens: anonymous visitors and crawlers never see a redirect. The page cache never answers
 * such a request (the hint is one of its personal cookies), so this runs before any kept page.
 */
export function sessionBridgeHint(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const navigation =
      c.var.site.kind === 'profile' &&
      !c.var.viewer &&
      c.req.method === 'GET' &&
      c.req.path === '/' &&
      (c.req.header('accept') ?? '').includes('text/html')
    const hint = navigation ? getCookie(c, SESSION_HINT_COOKIE) : undefined
    if (hint && getCookie(c, BRIDGE_TRIED_COOKIE) !== hint.slice(0, 64)) {
      const url = new URL(c.req.url)
      c.header('Cache-Control', 'no-store')
      return c.redirect(`${bridgeUrl(url.pathname + url.search)}&auto=1`, 302)
    }
    await next()
  }
}
