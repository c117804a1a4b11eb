import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import {
  authorizationUrl,
  type CitizenIdentity,
  discover,
  finishGovbr,
  randomToken,
} from '~/domain/auth/oidc.server'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { checkedSecret, signToken, TOKEN_TTL_SECONDS, verifyToken } from '~/domain/auth/tokens.server'
import { acceptByIdentity } from '~/domain/claims/decisions.server'
import { DomainError } from '~/domain/errors'
import { isLocalDev } from '~/domain/site/environment'
import { mainOrigin } from '~/domain/site/host'
import { saveVerification } from '~/domain/trust/identity.server'
import { t } from '~/i18n/pt-BR'
import { loginUrl } from '~/lib/paths'
import type { AppEnv } from '../env'
import { setFlash } from '../lib/flash'
import { applyEffects } from '../lib/respond'
import { cookieOptions, providerFetch } from './social-login'

/**
 * "Verificar identidade com gov.br" (decisions/0047): a logged-in user proves who they are with
 * the government login (OpenID Connect, code + PKCE + state + nonce). gov.br answers the CPF
 * (`sub`) and the name; both are kept for the account and never shown in full.
 */
const GOVBR_COOKIE = '__Host-govbr'

/** Saved between our redirect and gov.br's answer; `uid` binds it to the account that asked. */
type GovbrState = { state: string; nonce: string; verifier: string; ret: string; uid: number }

function issuer(env: Env): string {
  if (env.GOVBR_ISSUER) return env.GOVBR_ISSUER.replace(/\/$/, '')
  // The stand-in provider exists only in local development (decisions/0021).
  if (!isLocalDev(env)) throw new Error('GOVBR_ISSUER must be set outside local development')
  return `${mainOrigin(env.BASE_DOMAIN)}/__dev/govbr`
}

const redirectUri = (env: Env) => `${mainOrigin(env.BASE_DOMAIN)}/verificar-identidade/govbr/retorno`

function failed(c: Context<AppEnv>, reason: unknown, ret = '/conta') {
  console.error(JSON.stringify({ requestId: c.var.requestId, govbr: String(reason) }))
  setFlash(c, { kind: 'error', message: t('govbr.failed'), errors: [t('govbr.failed')] })
  return c.redirect(ret, 303)
}

export const govbrApi = new Hono<AppEnv>()
  .get('/verificar-identidade/govbr', async (c) => {
    const ret = safeReturnUrl(c.req.query('auth.redirect'), c.env.BASE_DOMAIN, '/conta')
    const viewer = c.var.viewer
    // Back here after login, with the checked return path only (never the raw query echoed).
    if (!viewer)
      return c.redirect(loginUrl(`/verificar-identidade/govbr?auth.redirect=${encodeURIComponent(ret)}`), 302)
    let location: string
    try {
      const meta = await discover(providerFetch(c), issuer(c.env))
      const state: GovbrState = {
        state: randomToken(),
        nonce: randomToken(),
        verifier: randomToken(),
        ret,
        uid: viewer.id,
      }
      location = await authorizationUrl(meta, {
        clientId: c.env.GOVBR_CLIENT_ID,
        redirectUri: redirectUri(c.env),
        scope: 'openid profile',
        prompt: '',
        ...state,
      })
      const signed = await signToken(c.var.deps.authSecret(), 'govbr-estado', state, c.var.deps.now())
      setCookie(c, GOVBR_COOKIE, signed, cookieOptions(TOKEN_TTL_SECONDS['govbr-estado']))
    } catch (error) {
      return failed(c, error, ret)
    }
    return c.redirect(location, 302)
  })
  .get('/verificar-identidade/govbr/retorno', async (c) => {
    const saved = await verifyToken<GovbrState>(
      c.var.deps.authSecret(),
      'govbr-estado',
      getCookie(c, GOVBR_COOKIE),
      c.var.deps.now(),
    )
    deleteCookie(c, GOVBR_COOKIE, { path: '/', secure: true })
    const code = c.req.query('code')
    if (!saved.ok || !code || c.req.query('state') !== saved.claims.state) return failed(c, 'state')
    const ret = safeReturnUrl(saved.claims.ret, c.env.BASE_DOMAIN, '/conta')
    // The identity is stored for the account that started the flow, and only while it is logged in.
    if (c.var.viewer?.id !== saved.claims.uid) return failed(c, 'session changed', ret)
    let identity: CitizenIdentity
    try {
      const fetcher = providerFetch(c)
      const meta = await discover(fetcher, issuer(c.env))
      identity = await finishGovbr(fetcher, meta, {
        code,
        clientId: c.env.GOVBR_CLIENT_ID,
        clientSecret: checkedSecret('GOVBR_CLIENT_SECRET', c.env.GOVBR_CLIENT_SECRET, c.env, 1),
        redirectUri: redirectUri(c.env),
        verifier: saved.claims.verifier,
        nonce: saved.claims.nonce,
        now: c.var.deps.now(),
      })
    } catch (error) {
      return failed(c, error, ret)
    }
    try {
      await saveVerification(c.var.deps, saved.claims.uid, identity)
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      setFlash(c, { kind: 'error', message: error.message, errors: [error.message] })
      return c.redirect(ret, 303)
    }
    // A claim waiting for review, or suspended by a rename, is accepted if this identity proves it.
    await applyEffects(c, await acceptByIdentity(c.var.deps, saved.claims.uid, identity))
    setFlash(c, { kind: 'notice', message: t('govbr.verified') })
    return c.redirect(ret, 303)
  })
