import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { signupComplete } from '~/api/endpoints/accounts'
import { completeSocialSignup } from '~/domain/auth/flows.server'
import {
  authorizationUrl,
  discover,
  type Fetcher,
  finishLogin,
  type Identity,
  randomToken,
} from '~/domain/auth/oidc.server'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { SOCIAL_SIGNUP_COOKIE, type SocialSignup } from '~/domain/auth/social-signup.server'
import { checkedSecret, signToken, TOKEN_TTL_SECONDS, verifyToken } from '~/domain/auth/tokens.server'
import { mergeTicketUrl } from '~/domain/merge/merge.server'
import { isLocalDev } from '~/domain/site/environment'
import { mainOrigin } from '~/domain/site/host'
import { findAccount, signInByVerifiedEmail } from '~/domain/users/accounts.server'
import type { AppEnv } from '../env'
import { register } from '../lib/register'
import { respond } from '../lib/respond'
import { startSession } from '../lib/session-cookie'

/** Between the provider's redirect and our callback: state, nonce and PKCE verifier, signed. */
export const OIDC_COOKIE = '__Host-oidc'

export const cookieOptions = (maxAge: number) =>
  ({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax', maxAge }) as const

function issuer(env: Env): string {
  if (env.OIDC_ISSUER) return env.OIDC_ISSUER.replace(/\/$/, '')
  // The stand-in provider exists only in local development (decisions/0021).
  if (!isLocalDev(env)) throw new Error('OIDC_ISSUER must be set outside local development')
  return `${mainOrigin(env.BASE_DOMAIN)}/__dev/oidc`
}

/**
 * The network for the provider. The development stand-in lives in this same Worker, so its
 * requests are dispatched in-process (a Worker cannot reliably fetch its own local address);
 * every other issuer, Google included, is reached with the real `fetch`.
 */
export function providerFetch(c: Context<AppEnv>): Fetcher {
  const own = `${mainOrigin(c.env.BASE_DOMAIN)}/__dev/`
  const local = c.var.localFetch
  return async (input, init) => {
    if (local && input.startsWith(own)) return local(new Request(input, init))
    return fetch(input, init)
  }
}

// The same per-address counter as /cadastrar (guardSignup's key is `signup:{address}`).
const redirectUri = (env: Env) => `${mainOrigin(env.BASE_DOMAIN)}/entrar/google/retorno`

/** `intent`: 'entrar' (log in or sign up) or 'unir' (prove the other account of a merge). */
type OidcState = { state: string; nonce: string; verifier: string; ret: string; intent?: string }

function failed(c: Context<AppEnv>, reason: unknown) {
  console.error(JSON.stringify({ requestId: c.var.requestId, oidc: String(reason) }))
  return c.redirect(`/login?erro=google`, 303)
}

async function signIn(c: Context<AppEnv>, identity: Identity, ret: string) {
  const bySub = await findAccount(c.var.deps, { googleSub: identity.sub })
  // An existing account is taken over only through an address the provider verified.
  const byEmail =
    !bySub && identity.emailVerified ? await findAccount(c.var.deps, { email: identity.email }) : null
  const account = bySub ?? byEmail
  if (account) {
    // An unconfirmed account is handed to the verified owner of its e-mail (decisions/0019).
    if (byEmail && !(await signInByVerifiedEmail(c.var.deps, byEmail, identity)))
      return failed(c, 'account changed while linking')
    await startSession(c, account.id)
    return c.redirect(ret, 303)
  }
  const pending: SocialSignup = {
    sub: identity.sub,
    email: identity.email,
    ev: identity.emailVerified ? 1 : 0,
    name: identity.name,
    ret,
  }
  const token = await signToken(c.var.deps.authSecret(), 'cadastro-social', pending, c.var.deps.now())
  setCookie(c, SOCIAL_SIGNUP_COOKIE, token, cookieOptions(TOKEN_TTL_SECONDS['cadastro-social']))
  return c.redirect('/cadastrar/completar', 303)
}

/**
 * Merging accounts (decisions/0033): the person, logged in to one account, logs in with Google to
 * prove the other one is theirs; the answer is the same signed ticket the password step gives.
 */
async function proveByGoogle(c: Context<AppEnv>, identity: Identity) {
  const viewer = c.var.viewer
  if (!viewer) return c.redirect('/login?auth.redirect=%2Fconta%2Funir', 303)
  const bySub = await findAccount(c.var.deps, { googleSub: identity.sub })
  const account =
    bySub ?? (identity.emailVerified ? await findAccount(c.var.deps, { email: identity.email }) : null)
  if (!account) return c.redirect('/conta/unir?erro=sem-conta', 303)
  if (account.id === viewer.id) return c.redirect('/conta/unir?erro=mesma-conta', 303)
  // Both addresses confirmed, as for the password proof (decisions/0046).
  const current = await findAccount(c.var.deps, { id: viewer.id })
  if (!current?.emailConfirmedAt) return c.redirect('/conta/unir?erro=confirme-esta', 303)
  if (!account.emailConfirmedAt) return c.redirect('/conta/unir?erro=nao-confirmada', 303)
  return c.redirect(await mergeTicketUrl(c.var.deps, viewer.id, account.id), 303)
}

export const socialLoginApi = new Hono<AppEnv>()
  .get('/entrar/google', async (c) => {
    const ret = safeReturnUrl(c.req.query('auth.redirect'), c.env.BASE_DOMAIN)
    let location: string
    try {
      const meta = await discover(providerFetch(c), issuer(c.env))
      const intent = c.req.query('intencao') === 'unir' ? 'unir' : 'entrar'
      const state: OidcState = {
        state: randomToken(),
        nonce: randomToken(),
        verifier: randomToken(),
        ret,
        intent,
      }
      location = await authorizationUrl(meta, {
        clientId: c.env.GOOGLE_CLIENT_ID,
        redirectUri: redirectUri(c.env),
        ...state,
      })
      const signed = await signToken(c.var.deps.authSecret(), 'oidc-estado', state, c.var.deps.now())
      setCookie(c, OIDC_COOKIE, signed, cookieOptions(TOKEN_TTL_SECONDS['oidc-estado']))
    } catch (error) {
      return failed(c, error)
    }
    return c.redirect(location, 302)
  })
  .get('/entrar/google/retorno', async (c) => {
    const saved = await verifyToken<OidcState>(
      c.var.deps.authSecret(),
      'oidc-estado',
      getCookie(c, OIDC_COOKIE),
      c.var.deps.now(),
    )
    deleteCookie(c, OIDC_COOKIE, { path: '/', secure: true })
    const code = c.req.query('code')
    if (!saved.ok || !code || c.req.query('state') !== saved.claims.state) return failed(c, 'state')
    let identity: Identity
    try {
      const fetcher = providerFetch(c)
      const meta = await discover(fetcher, issuer(c.env))
      identity = await finishLogin(fetcher, meta, {
        code,
        clientId: c.env.GOOGLE_CLIENT_ID,
        // Google's secrets may be shorter than ours: only an empty or development value is refused.
        clientSecret: checkedSecret('GOOGLE_CLIENT_SECRET', c.env.GOOGLE_CLIENT_SECRET, c.env, 1),
        redirectUri: redirectUri(c.env),
        verifier: saved.claims.verifier,
        nonce: saved.claims.nonce,
        now: c.var.deps.now(),
      })
    } catch (error) {
      return failed(c, error)
    }
    if (saved.claims.intent === 'unir') return proveByGoogle(c, identity)
    return signIn(c, identity, safeReturnUrl(saved.claims.ret, c.env.BASE_DOMAIN))
  })

// The signup's last step after Google, declared in app/api/endpoints/accounts.ts (the signup's
// counter per address). The pending identity is read by the use-case; the cookie goes once the
// account exists (a refused field keeps it, so the corrected form can be sent again).
register(socialLoginApi, signupComplete, async (c) => {
  const token = getCookie(c, SOCIAL_SIGNUP_COOKIE)
  const outcome = await completeSocialSignup(c.var.deps, token, c.req.valid('form'), c.env.BASE_DOMAIN)
  deleteCookie(c, SOCIAL_SIGNUP_COOKIE, { path: '/', secure: true })
  return respond(c, outcome)
})
