import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import {
  confirmationResend,
  logIn,
  logOut,
  passwordChange,
  passwordReset,
  passwordResetRequest,
  signUp,
  signupEmailCheck,
  signupSubdomainCheck,
} from '~/api/endpoints/accounts'
import { followConfirmationLink } from '~/domain/auth/confirm-link.server'
import { checkSignupEmailBehindPass, EMAIL_CHECK_PASS_COOKIE } from '~/domain/auth/email-check-pass.server'
import {
  type AuthRequest,
  changeOwnPassword,
  checkSignupSubdomain,
  logIn as logInFlow,
  logOut as logOutFlow,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signUp as signUpFlow,
} from '~/domain/auth/flows.server'
import { requestAddress } from '~/domain/limits/rate-limits.server'
import { CAPTCHA_FIELD } from '~/schemas/professional-message'
import type { AppEnv } from '../env'
import type { EndpointContext } from '../lib/register'
import { register } from '../lib/register'
import { redirectTo, respond } from '../lib/respond'
import { humanCheck } from '../lib/turnstile'

/**
 * Account mutations (decisions/0014), declared in app/api/endpoints/accounts.ts: one route each,
 * for the site's scripts and plain form posts alike. The return address is the query's
 * `auth.redirect` (the login and signup pages put it in their form's address).
 */
const accountsApiBase = new Hono<AppEnv>()

const asked = (c: EndpointContext<typeof logIn | typeof signUp>): AuthRequest => ({
  address: requestAddress(c.req.raw),
  redirect: c.req.query('auth.redirect'),
  baseDomain: c.env.BASE_DOMAIN,
})

const accountsApi1 = register(accountsApiBase, logIn, async (c) =>
  respond(c, await logInFlow(c.var.deps, c.req.valid('form'), asked(c))),
)
const accountsApi2 = register(accountsApi1, logOut, async (c) => respond(c, logOutFlow()))
const accountsApi3 = register(accountsApi2, signUp, async (c) =>
  respond(c, await signUpFlow(c.var.deps, c.req.valid('form'), asked(c))),
)
const accountsApi4 = register(accountsApi3, signupEmailCheck, async (c) =>
  respond(
    c,
    await checkSignupEmailBehindPass(
      c.var.deps,
      { email: c.req.valid('form').email, captcha: c.req.valid('form')[CAPTCHA_FIELD] },
      { pass: getCookie(c, EMAIL_CHECK_PASS_COOKIE), human: humanCheck(c) },
    ),
  ),
)
const accountsApi5 = register(accountsApi4, signupSubdomainCheck, async (c) =>
  respond(c, await checkSignupSubdomain(c.var.deps, c.req.valid('form').subdominio)),
)
const accountsApi6 = register(accountsApi5, confirmationResend, async (c) =>
  respond(c, await resendConfirmation(c.var.deps, c.var.user)),
)
const accountsApi7 = register(accountsApi6, passwordChange, async (c) =>
  respond(c, await changeOwnPassword(c.var.deps, c.var.user, c.req.valid('form'))),
)
const accountsApi8 = register(accountsApi7, passwordResetRequest, async (c) =>
  respond(c, await requestPasswordReset(c.var.deps, c.req.valid('form'), requestAddress(c.req.raw))),
)
const accountsApi9 = register(accountsApi8, passwordReset, async (c) =>
  respond(c, await resetPassword(c.var.deps, c.req.valid('form'))),
)

/**
 * Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these.
 * The confirmation e-mail's link writes (it may hand the account over, decisions/0092), so it is
 * a flow here; the result page (`?resultado=`, app/routes/confirmar-email.tsx) only reads.
 */
export const accountsApi = accountsApi9.get('/confirmar-email', async (c, next) => {
  const token = c.req.query('token')
  if (!token) return next()
  return redirectTo(c, await followConfirmationLink(c.var.deps, token, c.var.viewer?.id ?? null), {
    log: 'confirmEmail',
  })
})
