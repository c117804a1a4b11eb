import type { Context } from 'hono'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { signupComplete } from '~/api/endpoints/accounts'
import { completeSocialSignup } from '~/domain/auth/flows.server'
import {
  finishGoogleLogin,
  type GoogleClient,
  OIDC_COOKIE,
  startGoogleLogin,
} from '~/domain/auth/google.server'
import type { Fetcher } from '~/domain/auth/oidc.server'
import { SOCIAL_SIGNUP_COOKIE } from '~/domain/auth/social-signup.server'
import { checkedSecret } from '~/domain/auth/tokens.server'
import { isLocalDev } from '~/domain/site/environment'
import { mainOrigin } from '~/domain/site/host'
import type { AppEnv } from '../env'
import { register } from '../lib/register'
import { redirectTo, respond } from '../lib/respond'

// "Entrar com Google" (decisions/0021): the router reads the request (query, cookies, viewer),
// hands it to one use-case (app/domain/auth/google.server.ts, flows.server.ts) and carries the
// outcome out; which account, which session and which cookies are the use-case's (issue 29).

export { cookieOptions } from '../lib/session-cookie'

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

/** Google as this Worker reaches it (configuration, not rules). */
const google = (c: Context<AppEnv>): GoogleClient => ({
  fetcher: providerFetch(c),
  issuer: () => issuer(c.env),
  clientId: c.env.GOOGLE_CLIENT_ID,
  // Google's secrets may be shorter than ours: only an empty or development value is refused.
  clientSecret: () => checkedSecret('GOOGLE_CLIENT_SECRET', c.env.GOOGLE_CLIENT_SECRET, c.env, 1),
  redirectUri: `${mainOrigin(c.env.BASE_DOMAIN)}/entrar/google/retorno`,
  baseDomain: c.env.BASE_DOMAIN,
})

const socialLoginApiBase = new Hono<AppEnv>()
  .get('/entrar/google', async (c) =>
    redirectTo(
      c,
      await startGoogleLogin(c.var.deps, google(c), {
        ret: c.req.query('auth.redirect'),
        intent: c.req.query('intencao'),
      }),
      { status: 302, log: 'oidc' },
    ),
  )
  .get('/entrar/google/retorno', async (c) =>
    redirectTo(
      c,
      await finishGoogleLogin(c.var.deps, google(c), {
        stateCookie: getCookie(c, OIDC_COOKIE),
        code: c.req.query('code'),
        state: c.req.query('state'),
        viewerId: c.var.viewer?.id ?? null,
      }),
      { log: 'oidc' },
    ),
  )

// The signup's last step after Google, declared in app/api/endpoints/accounts.ts (the signup's
// counter per address). The pending identity is read by the use-case, whose outcome deletes its
// cookie once the account exists (a refused field keeps it, so the corrected form can be sent again).
const socialLoginApi1 = register(socialLoginApiBase, signupComplete, async (c) =>
  respond(
    c,
    await completeSocialSignup(
      c.var.deps,
      getCookie(c, SOCIAL_SIGNUP_COOKIE),
      c.req.valid('form'),
      c.env.BASE_DOMAIN,
    ),
  ),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const socialLoginApi = socialLoginApi1
