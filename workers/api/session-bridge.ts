import { Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import {
  BRIDGE_NONCE_COOKIE,
  BRIDGE_TRIED_COOKIE,
  NONCE_HASH,
  newNonce,
  nonceHash,
  openBridge,
  SESSION_HINT_COOKIE,
  sealBridge,
} from '~/domain/auth/bridge.server'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { readSession } from '~/domain/auth/session.server'
import { DomainError } from '~/domain/errors'
import { profileOrigin, resolveSite } from '~/domain/site/host'
import { loginUrl } from '~/lib/paths'
import type { AppEnv } from '../env'
import { clearSessionHint, writeSessionCookie } from '../lib/session-cookie'

/** A path on the requesting host, never another host. */
function returnPath(raw: string | undefined, baseDomain: string): string {
  const safe = safeReturnUrl(raw, baseDomain, '/')
  return safe.startsWith('/') ? safe : '/'
}

const COOKIE = { path: '/', secure: true, httpOnly: true, sameSite: 'Lax' } as const

/**
 * The session bridge (decisions/0023). On a profile host `/sessao/ponte` starts it (a nonce
 * cookie, then the main host); on the main host it answers with a token for that profile host,
 * or the login page first; `/sessao/ponte/retorno` on the profile host opens the token and sets
 * its own host-only session cookie. `auto=1` (the hint middleware) never asks anyone to log in.
 */
export const sessionBridgeApi = new Hono<AppEnv>()
  .use('/sessao/*', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('X-Robots-Tag', 'noindex')
  })
  .get('/sessao/ponte', async (c) => {
    const base = c.env.BASE_DOMAIN
    const site = c.var.site
    const volta = returnPath(c.req.query('volta'), base)
    const auto = c.req.query('auto') === '1'
    if (site.kind === 'profile') {
      if (c.var.viewer) return c.redirect(volta, 302)
      const nonce = newNonce()
      setCookie(c, BRIDGE_NONCE_COOKIE, nonce, { ...COOKIE, maxAge: 10 * 60 })
      // Which login's hint this try was for: a later login (a new hint) is tried again.
      if (auto)
        setCookie(c, BRIDGE_TRIED_COOKIE, getCookie(c, SESSION_HINT_COOKIE)?.slice(0, 64) || '1', {
          ...COOKIE,
          maxAge: 30 * 60,
        })
      const params = new URLSearchParams({ perfil: site.subdomain, n: await nonceHash(nonce), volta })
      if (auto) params.set('auto', '1')
      return c.redirect(`${c.var.deps.origin}/sessao/ponte?${params}`, 302)
    }
    if (site.kind !== 'main') throw new DomainError('api.notFound', 404)
    const perfil = c.req.query('perfil') ?? ''
    const n = c.req.query('n') ?? ''
    if (resolveSite(`${perfil}.${base}`, base).kind !== 'profile' || !NONCE_HASH.test(n))
      throw new DomainError('api.invalidInput', 400)
    const back = `${profileOrigin(perfil, base)}${volta}`
    if (!c.var.viewer || !c.var.sessionId) {
      if (auto) {
        clearSessionHint(c) // a stale hint: no more automatic bridges until the next login
        return c.redirect(back, 302)
      }
      return c.redirect(loginUrl(`/sessao/ponte?${new URLSearchParams({ perfil, n, volta })}`), 302)
    }
    const token = await sealBridge(
      c.var.deps.authSecret(),
      { sessionId: c.var.sessionId, subdomain: perfil, nonceHash: n },
      c.var.deps.now(),
    )
    return c.redirect(
      `${profileOrigin(perfil, base)}/sessao/ponte/retorno?${new URLSearchParams({ t: token, volta })}`,
      302,
    )
  })
  .get('/sessao/ponte/retorno', async (c) => {
    const site = c.var.site
    if (site.kind !== 'profile') throw new DomainError('api.notFound', 404)
    const nonce = getCookie(c, BRIDGE_NONCE_COOKIE)
    deleteCookie(c, BRIDGE_NONCE_COOKIE, COOKIE)
    const sessionId = await openBridge(
      c.var.deps.authSecret(),
      c.req.query('t'),
      { subdomain: site.subdomain, nonce },
      c.var.deps.now(),
    )
    if (sessionId && (await readSession(c.var.deps, sessionId))) {
      writeSessionCookie(c, sessionId)
      deleteCookie(c, BRIDGE_TRIED_COOKIE, COOKIE)
    }
    return c.redirect(returnPath(c.req.query('volta'), c.env.BASE_DOMAIN), 302)
  })
