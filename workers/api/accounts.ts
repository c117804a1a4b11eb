import { Hono } from 'hono'
import {
  changeOwnPassword,
  logIn,
  logOut,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signUp,
} from '~/domain/auth/flows.server'
import { requestAddress } from '~/domain/auth/limits.server'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { isEmailTaken, isSubdomainTaken } from '~/domain/users/accounts.server'
import {
  changePasswordSchema,
  emailAvailableSchema,
  loginSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupSchema,
  subdomainAvailableSchema,
} from '~/schemas/auth'
import type { AppEnv } from '../env'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { rateLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

/** Account mutations: one route each, for the site's scripts and plain form posts alike. */
export const accountsApi = new Hono<AppEnv>()
  .post('/login', validate(loginSchema), async (c) => {
    const returnTo = safeReturnUrl(c.req.query('auth.redirect'), c.env.BASE_DOMAIN)
    const address = requestAddress(c.req.raw)
    return respond(c, await logIn(c.var.deps, c.req.valid('form'), { address, returnTo }))
  })
  .post('/logout', async (c) => respond(c, logOut()))
  .post('/cadastrar', validate(signupSchema), async (c) => {
    const returnTo = safeReturnUrl(c.req.query('auth.redirect'), c.env.BASE_DOMAIN, '/conta/perfil')
    const address = requestAddress(c.req.raw)
    return respond(c, await signUp(c.var.deps, c.req.valid('form'), { address, returnTo }))
  })
  // Live checks (spec §7): `true` means "available", which the form reads as valid.
  .post(
    '/cadastrar/verificar-email-existe',
    rateLimit((env) => env.SIGNUP_CHECK_LIMITER),
    validate(emailAvailableSchema),
    async (c) => c.json(!(await isEmailTaken(c.var.deps, c.req.valid('form').email))),
  )
  .post(
    '/ajax/verificar-subdominio-existe',
    rateLimit((env) => env.SIGNUP_CHECK_LIMITER),
    validate(subdomainAvailableSchema),
    async (c) => {
      const { subdominio } = c.req.valid('form')
      if (!/^[A-Za-z0-9]+$/.test(subdominio)) return c.json(false)
      return c.json(!(await isSubdomainTaken(c.var.deps, subdominio)))
    },
  )
  .post('/reenviar-confirmacao-email', requireUser, async (c) =>
    respond(c, await resendConfirmation(c.var.deps, c.var.user)),
  )
  .post('/conta/senha', requireUser, validate(changePasswordSchema), async (c) =>
    respond(c, await changeOwnPassword(c.var.deps, c.var.user, c.req.valid('form'))),
  )
  .post('/senha/esqueci', validate(resetRequestSchema), async (c) =>
    respond(c, await requestPasswordReset(c.var.deps, c.req.valid('form'), requestAddress(c.req.raw))),
  )
  .post(
    '/senha/redefinir',
    rateLimit((env) => env.LOGIN_ADDRESS_LIMITER),
    validate(resetPasswordSchema),
    async (c) => respond(c, await resetPassword(c.var.deps, c.req.valid('form'))),
  )
