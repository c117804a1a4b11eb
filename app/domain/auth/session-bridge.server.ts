import type { Deps } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import { deleteCookie, type Outcome, setCookie } from '~/domain/outcome'
import { profileOrigin, resolveSite, type Site } from '~/domain/site/host'
import { loginUrl } from '~/lib/paths'
import {
  BRIDGE_NONCE_COOKIE,
  BRIDGE_TRIED_COOKIE,
  NONCE_HASH,
  newNonce,
  nonceHash,
  openBridge,
  sealBridge,
} from './bridge.server'
import { safeReturnUrl } from './redirect'
import { readSession } from './session.server'

// The session bridge's three steps (decisions/0023) as use-cases: which host may ask, which token
// is sealed for whom, which cookies come and go and where each step lands are decided here; the
// router reads the request (host, query, cookies, session) and carries the outcome out (issue 29).

/** What the router read from the request. */
export type BridgeRequest = {
  site: Site
  baseDomain: string
  query: { volta?: string; auto?: string; perfil?: string; n?: string; t?: string }
  viewerId: number | null
  sessionId: string | null
}

/** A path on the requesting host, never another host. */
function returnPath(raw: string | undefined, baseDomain: string): string {
  const safe = safeReturnUrl(raw, baseDomain, '/')
  return safe.startsWith('/') ? safe : '/'
}

/**
 * `/sessao/ponte`. On a profile host: a nonce cookie, then the main host. On the main host: a
 * token for that profile host, or the login page first; `auto=1` (the hint middleware) never asks
 * anyone to log in, and a stale hint is cleared so no automatic bridge runs until the next login.
 */
export async function bridgeStep(
  deps: Pick<Deps, 'authSecret' | 'now' | 'origin'>,
  req: BridgeRequest,
  /** The session hint's value on a profile host (which login an automatic try was for). */
  hint: string | undefined,
): Promise<Outcome> {
  const base = req.baseDomain
  const volta = returnPath(req.query.volta, base)
  const auto = req.query.auto === '1'
  if (req.site.kind === 'profile') {
    if (req.viewerId) return { redirect: volta }
    const nonce = newNonce()
    const effects = [setCookie(BRIDGE_NONCE_COOKIE, nonce, 10 * 60)]
    // Which login's hint this try was for: a later login (a new hint) is tried again.
    if (auto) effects.push(setCookie(BRIDGE_TRIED_COOKIE, hint?.slice(0, 64) || '1', 30 * 60))
    const params = new URLSearchParams({ perfil: req.site.subdomain, n: await nonceHash(nonce), volta })
    if (auto) params.set('auto', '1')
    return { redirect: `${deps.origin}/sessao/ponte?${params}`, effects }
  }
  if (req.site.kind !== 'main') throw new DomainError('api.notFound', 404)
  const perfil = req.query.perfil ?? ''
  const n = req.query.n ?? ''
  if (resolveSite(`${perfil}.${base}`, base).kind !== 'profile' || !NONCE_HASH.test(n))
    throw new DomainError('api.invalidInput', 400)
  const back = `${profileOrigin(perfil, base)}${volta}`
  if (!req.viewerId || !req.sessionId) {
    if (auto) return { redirect: back, effects: [{ type: 'sessionHint.clear' }] }
    return { redirect: loginUrl(`/sessao/ponte?${new URLSearchParams({ perfil, n, volta })}`) }
  }
  const token = await sealBridge(
    deps.authSecret(),
    { sessionId: req.sessionId, subdomain: perfil, nonceHash: n },
    deps.now(),
  )
  return {
    redirect: `${profileOrigin(perfil, base)}/sessao/ponte/retorno?${new URLSearchParams({ t: token, volta })}`,
  }
}

/**
 * `/sessao/ponte/retorno` on the profile host: the token must open with this host's nonce (its
 * cookie is spent whatever happens) and name a live session, which this host then keeps.
 */
export async function bridgeReturn(
  deps: Pick<Deps, 'sessions' | 'authSecret' | 'now'>,
  req: BridgeRequest,
  nonce: string | undefined,
): Promise<Outcome> {
  if (req.site.kind !== 'profile') throw new DomainError('api.notFound', 404)
  const effects: Outcome['effects'] = [deleteCookie(BRIDGE_NONCE_COOKIE)]
  const sessionId = await openBridge(
    deps.authSecret(),
    req.query.t,
    { subdomain: req.site.subdomain, nonce },
    deps.now(),
  )
  if (sessionId && (await readSession(deps, sessionId)))
    effects.push({ type: 'session.keep', sessionId }, deleteCookie(BRIDGE_TRIED_COOKIE))
  return { redirect: returnPath(req.query.volta, req.baseDomain), effects }
}
