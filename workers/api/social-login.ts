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
import { SOCIAL_SIGNUP_COOKIE } from '~/domain/auth/social-signup.server'
import type { AppEnv } from '../env'
import { register } from '../lib/register'
import { redirectTo, respond } from '../lib/respond'
import { oidcClient } from './oidc-client'

// "Entrar com Google" (decisions/0021): the router reads the request (query, cookies, viewer),
// hands it to one use-case (app/domain/auth/google.server.ts, flows.server.ts) and carries the
// outcome out; which account, which session and which cookies are the use-case's (issue 29).

/** Google as this Worker reaches it. */
const google = (c: Context<AppEnv>): GoogleClient =>
  oidcClient(c, {
    issuer: 'OIDC_ISSUER',
    standIn: 'oidc',
    clientId: 'GOOGLE_CLIENT_ID',
    clientSecret: 'GOOGLE_CLIENT_SECRET',
    callback: '/entrar/google/retorno',
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
