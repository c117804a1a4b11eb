import {
  changePasswordSchema,
  completeSignupSchema,
  emailAvailableSchema,
  loginSchema,
  noFieldsSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupSchema,
  subdomainAvailableSchema,
} from '~/schemas/auth'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

// Accounts, login and signup (spec §7 "Account"; decisions/0014, 0070). Logging in, signing up,
// resending the confirmation, changing the password and asking for a reset are limited inside
// their use-cases (every way into them spends the same counters): `limit: 'none'` here.

const site = { error: actionError, public: false } as const
// The page that shows the form lives at the same address (the form without JavaScript posts there).
const page = { ...site, alsoPage: true } as const

/**
 * `POST /login` → where to go (`url_intended`, the safe `?auth.redirect=` of the address, else
 * home); the wrong password is a 401 with the spec's message.
 */
export const logIn = endpoint({
  ...routes.logIn,
  spec: 'Account',
  ...page,
  input: loginSchema,
  output: actionSuccess({ url_intended: z.string(), refresh: z.boolean() }),
  access: 'anyone',
  limit: 'none',
  summary: 'Entrar com e-mail e senha',
})

/** Always works: never limited. */
export const logOut = endpoint({
  ...routes.logOut,
  ...page,
  input: noFieldsSchema,
  output: actionSuccess({ redirect_url: z.string() }),
  access: 'anyone',
  limit: 'none',
  summary: 'Sair',
})

export const signUp = endpoint({
  ...routes.signUp,
  spec: 'Account',
  ...page,
  input: signupSchema,
  output: actionSuccess({ redirect_url: z.string() }),
  access: 'anyone',
  limit: 'none',
  summary: 'Criar uma conta',
})

/**
 * After Google (decisions/0021): the rest of the signup form, for the identity the callback's
 * signed cookie holds; one counter per address with the signup's other attempts.
 */
export const signupComplete = endpoint({
  ...routes.signupComplete,
  ...page,
  input: completeSignupSchema,
  output: actionSuccess({ redirect_url: z.string() }),
  access: 'anyone',
  limit: 'address',
  limitBinding: 'SIGNUP_CHECK_LIMITER',
  limitScope: 'signup',
  limitMessage: 'auth.tooManyAttempts',
  summary: 'Concluir o cadastro com o Google',
})

/** The signup form's live checks (spec §7): `disponivel` says the address or name is free. */
const available = actionSuccess({ disponivel: z.boolean() })
const checks = {
  ...site,
  output: available,
  access: 'anyone',
  limit: 'address',
  limitBinding: 'SIGNUP_CHECK_LIMITER',
} as const

/**
 * Says whether an address has an account, as the signup itself must (spec §5, §7: "Este e-mail
 * já está em uso!"), so on its own tighter counter per address (10 a minute) and behind a captcha
 * pass: a Turnstile token (`cf-turnstile-response`) buys 5 checks in 10 minutes (an HttpOnly
 * cookie); without a pass the answer is a 403 that says nothing about the address
 * (decisions/0092).
 */
export const signupEmailCheck = endpoint({
  ...routes.signupEmailCheck,
  spec: 'Signup checks',
  ...checks,
  limitBinding: 'EMAIL_CHECK_LIMITER',
  input: emailAvailableSchema,
  summary: 'O e-mail está livre para um cadastro?',
})

export const signupSubdomainCheck = endpoint({
  ...routes.signupSubdomainCheck,
  spec: 'Signup checks',
  ...checks,
  input: subdomainAvailableSchema,
  summary: 'O nome de usuário está livre?',
})

/** The banner's "Reenviar e-mail de confirmação". */
export const confirmationResend = endpoint({
  ...routes.confirmationResend,
  spec: 'Account',
  ...site,
  input: noFieldsSchema,
  output: actionSuccess({}),
  access: 'user',
  limit: 'none',
  summary: 'Reenviar o e-mail de confirmação',
})

export const passwordChange = endpoint({
  ...routes.passwordChange,
  ...page,
  input: changePasswordSchema,
  output: actionSuccess({}),
  access: 'user',
  limit: 'none',
  summary: 'Trocar a senha',
})

export const passwordResetRequest = endpoint({
  ...routes.passwordResetRequest,
  ...page,
  input: resetRequestSchema,
  output: actionSuccess({}),
  access: 'anyone',
  limit: 'none',
  summary: 'Pedir o link para redefinir a senha',
})

/** The reset link's form: one guess counter per address, as the login's. */
export const passwordReset = endpoint({
  ...routes.passwordReset,
  ...page,
  input: resetPasswordSchema,
  output: actionSuccess({ redirect_url: z.string() }),
  access: 'anyone',
  limit: 'address',
  limitBinding: 'LOGIN_ADDRESS_LIMITER',
  summary: 'Escolher a nova senha pelo link recebido',
})
