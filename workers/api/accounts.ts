import { Hono } from 'hono'
import { z } from 'zod'
import {
  changePassword,
  checkCredentials,
  findAccount,
  isEmailTaken,
  isSubdomainTaken,
  registerUser,
  setPassword,
} from '~/domain/auth/accounts.server'
import { accountForResetLink, sendConfirmationEmail, sendResetEmail } from '~/domain/auth/emails.server'
import { isLimited, loginLimited, signupLimited } from '~/domain/auth/limits.server'
import { safeReturnUrl } from '~/domain/auth/redirect'
import { DomainError } from '~/domain/errors'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import {
  changePasswordSchema,
  loginSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupSchema,
} from '~/schemas/auth'
import type { AppEnv } from '../env'
import { failure, inBackground, wantsJson } from '../lib/account-answers'
import { readInput } from '../lib/input'
import { endSession, startSession } from '../lib/session-cookie'
import { clientAddress, rateLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

export const accountsApi = new Hono<AppEnv>()
  .post('/login', async (c, next) => {
    if (!wantsJson(c)) return next()
    try {
      const input = await readInput(c, loginSchema)
      if (await loginLimited(c.env, clientAddress(c), input.email))
        throw new DomainError('auth.tooManyAttempts', 429)
      const account = await checkCredentials(c.var.deps, input.email, input.senha)
      if (!account) throw new DomainError('auth.invalidCredentials', 401)
      await startSession(c, account.id)
      return c.json({
        status: 'success',
        url_intended: safeReturnUrl(c.req.query('auth.redirect'), c.env.BASE_DOMAIN),
        refresh: false,
        message: t('login.success'),
      })
    } catch (error) {
      return failure(c, error)
    }
  })
  .post('/logout', async (c) => {
    await endSession(c)
    if (!wantsJson(c)) return c.redirect('/', 303)
    return c.json({ status: 'success', redirect_url: '/' })
  })
  .post('/cadastrar', async (c, next) => {
    if (!wantsJson(c)) return next()
    try {
      const input = await readInput(c, signupSchema)
      if (await signupLimited(c.env, clientAddress(c))) throw new DomainError('auth.tooManyAttempts', 429)
      const user = await registerUser(c.var.deps, input)
      await startSession(c, user.id)
      inBackground(
        c,
        sendConfirmationEmail(c.var.deps, { ...user, name: input.nome }, mainOrigin(c.env.BASE_DOMAIN)),
      )
      return c.json({
        status: 'success',
        redirect_url: safeReturnUrl(c.req.query('auth.redirect'), c.env.BASE_DOMAIN, '/conta/perfil'),
        message: t('auth.signupSuccess'),
      })
    } catch (error) {
      return failure(c, error)
    }
  })
  // Live checks (spec §7): `true` means "available", which the form reads as valid.
  .post(
    '/cadastrar/verificar-email-existe',
    rateLimit((env) => env.SIGNUP_CHECK_LIMITER),
    async (c) => {
      const { email } = await readInput(c, z.object({ email: z.string().trim().max(254) }))
      return c.json(!(await isEmailTaken(c.var.deps, email)))
    },
  )
  .post(
    '/ajax/verificar-subdominio-existe',
    rateLimit((env) => env.SIGNUP_CHECK_LIMITER),
    async (c) => {
      const { subdominio } = await readInput(c, z.object({ subdominio: z.string().trim().max(63) }))
      if (!/^[A-Za-z0-9]+$/.test(subdominio)) return c.json(false)
      return c.json(!(await isSubdomainTaken(c.var.deps, subdominio)))
    },
  )
  .post('/reenviar-confirmacao-email', requireUser(), async (c) => {
    const user = c.var.user
    if (!user) throw new DomainError('api.loginRequired', 401)
    if (await isLimited(c.env.EMAIL_LIMITER, `confirmar:${user.id}`))
      throw new DomainError('api.rateLimited', 429)
    const account = await findAccount(c.var.deps, { id: user.id })
    if (!account) throw new DomainError('api.loginRequired', 401)
    if (account.emailConfirmedAt) throw new DomainError('auth.alreadyConfirmed', 409)
    await sendConfirmationEmail(c.var.deps, account, mainOrigin(c.env.BASE_DOMAIN))
    return c.json({ status: 'success', message: t('auth.confirmResent') })
  })
  .post('/conta/senha', async (c, next) => {
    if (!wantsJson(c)) return next()
    const user = c.var.user
    if (!user) throw new DomainError('api.loginRequired', 401)
    const input = await readInput(c, changePasswordSchema)
    if (await isLimited(c.env.LOGIN_ACCOUNT_LIMITER, `senha:${user.id}`))
      throw new DomainError('auth.tooManyAttempts', 429)
    await changePassword(c.var.deps, user.id, input.senha, input.nova_senha)
    // Every other session of this account ends; this one continues under a new id.
    await startSession(c, user.id)
    return c.json({ status: 'success', message: t('auth.passwordChanged') })
  })
  // Same answer whether or not the account exists: the form must not reveal who is registered.
  .post('/senha/esqueci', async (c, next) => {
    if (!wantsJson(c)) return next()
    const { email } = await readInput(c, resetRequestSchema)
    const [byAddress, byAccount] = await Promise.all([
      isLimited(c.env.EMAIL_LIMITER, `reset:${clientAddress(c)}`),
      isLimited(c.env.EMAIL_LIMITER, `reset:${email.toLowerCase()}`),
    ])
    if (byAddress || byAccount) throw new DomainError('auth.tooManyAttempts', 429)
    const account = await findAccount(c.var.deps, { email })
    if (account) inBackground(c, sendResetEmail(c.var.deps, account, mainOrigin(c.env.BASE_DOMAIN)))
    return c.json({ status: 'success', message: t('auth.resetSent') })
  })
  .post('/senha/redefinir', async (c, next) => {
    if (!wantsJson(c)) return next()
    const input = await readInput(c, resetPasswordSchema)
    const account = await accountForResetLink(c.var.deps, input.token)
    if (!account) throw new DomainError('auth.resetInvalid', 422)
    await setPassword(c.var.deps, account.id, input.nova_senha)
    await startSession(c, account.id)
    return c.json({ status: 'success', redirect_url: '/', message: t('auth.resetDone') })
  })
