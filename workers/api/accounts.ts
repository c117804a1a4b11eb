import { Hono } from 'hono'
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
import {
  type AuthRequest,
  changeOwnPassword,
  checkSignupEmail,
  checkSignupSubdomain,
  logIn as logInFlow,
  logOut as logOutFlow,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signUp as signUpFlow,
} from '~/domain/auth/flows.server'
import { requestAddress } from '~/domain/auth/limits.server'
import type { AppEnv } from '../env'
import type { EndpointContext } from '../lib/register'
import { register } from '../lib/register'
import { redirectTo, respond } from '../lib/respond'

/**
 * Account mutations (decisions/0014), declared in app/api/endpoints/accounts.ts: one route each,
 * for the site's scripts and plain form posts alike. The return address is the query's
 * `auth.redirect` (the login and signup pages put it in their form's address).
 */
export const accountsApi = new Hono<AppEnv>()

const asked = (c: EndpointContext<typeof logIn | typeof signUp>): AuthRequest => ({
  address: requestAddress(c.req.raw),
  redirect: c.req.query('auth.redirect'),
  baseDomain: c.env.BASE_DOMAIN,
})

register(accountsApi, logIn, async (c) =>
  respond(c, await logInFlow(c.var.deps, c.req.valid('form'), asked(c))),
)
register(accountsApi, logOut, async (c) => respond(c, logOutFlow()))
register(accountsApi, signUp, async (c) =>
  respond(c, await signUpFlow(c.var.deps, c.req.valid('form'), asked(c))),
)
register(accountsApi, signupEmailCheck, async (c) =>
  respond(c, await checkSignupEmail(c.var.deps, c.req.valid('form').email)),
)
register(accountsApi, signupSubdomainCheck, async (c) =>
  respond(c, await checkSignupSubdomain(c.var.deps, c.req.valid('form').subdominio)),
)
register(accountsApi, confirmationResend, async (c) =>
  respond(c, await resendConfirmation(c.var.deps, c.var.user)),
)
register(accountsApi, passwordChange, async (c) =>
  respond(c, await changeOwnPassword(c.var.deps, c.var.user, c.req.valid('form'))),
)
register(accountsApi, passwordResetRequest, async (c) =>
  respond(c, await requestPasswordReset(c.var.deps, c.req.valid('form'), requestAddress(c.req.raw))),
)
register(accountsApi, passwordReset, async (c) =>
  respond(c, await resetPassword(c.var.deps, c.req.valid('form'))),
)

// The confirmation e-mail's link writes (it may hand the account over, decisions/0092), so it is
// a flow here; the result page (`?resultado=`, app/routes/confirmar-email.tsx) only reads.
accountsApi.get('/confirmar-email', async (c, next) => {
  const token = c.req.query('token')
  if (!token) return next()
  return redirectTo(c, await followConfirmationLink(c.var.deps, token, c.var.viewer?.id ?? null), {
    log: 'confirmEmail',
  })
})
