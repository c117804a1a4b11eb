import { pagesOf } from '~/domain/cache/purges'
import type { Deps } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import { guardEmail, guardLogin, guardSignup } from '~/domain/limits/rate-limits.server'
import { deleteCookie, type Effect, type Outcome, sendMail, startSession } from '~/domain/outcome'
import {
  findAccount,
  isSubdomainTaken,
  registerSocialUser,
  registerUser,
} from '~/domain/users/accounts.server'
import { changePassword, checkCredentials, setPassword } from '~/domain/users/credentials.server'
import { handOver } from '~/domain/users/handover.server'
import { hashPassword } from '~/domain/users/password.server'
import type { PublicUser } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import type {
  CompleteSignupInput,
  LoginInput,
  PasswordChangeInput,
  ResetPasswordInput,
  ResetRequestInput,
  SignupInput,
} from '~/schemas/auth'
import { accountForResetLink, confirmationMail, handoverMail, resetMail } from './emails.server'
import { safeReturnUrl } from './redirect'
import { readSocialSignup, SOCIAL_SIGNUP_COOKIE } from './social-signup.server'

/**
 * The account use-cases (decisions/0014). Each checks its rules and limits, writes, and returns
 * the effects (a session to start, mails) for the responder to carry out.
 */
type FlowDeps = Pick<Deps, 'db' | 'limits' | 'authSecret' | 'now' | 'origin'>

/**
 * Who asks and where they came from: the client's address (the limits) and the `?auth.redirect=`
 * they asked to return to, kept only when it is one of the site's own (no open redirect).
 */
export type AuthRequest = { address: string; redirect: string | undefined; baseDomain: string }

/** `POST /login` → `{status, url_intended, refresh, message}` (spec §7). */
export async function logIn(deps: FlowDeps, input: LoginInput, request: AuthRequest): Promise<Outcome> {
  const returnTo = safeReturnUrl(request.redirect, request.baseDomain)
  // Per address here; per account inside checkCredentials (the counter every password check spends).
  await guardLogin(deps, request.address)
  const account = await checkCredentials(deps, input.email, input.senha)
  if (!account) throw new DomainError('auth.invalidCredentials', 401)
  return {
    message: t('login.success'),
    redirect: returnTo,
    body: { url_intended: returnTo, refresh: false },
    effects: [startSession(account.id)],
  }
}

export function logOut(): Outcome {
  return { redirect: '/', body: { redirect_url: '/' }, effects: [{ type: 'session.end' }] }
}

/**
 * The signup form's live check of a user name (spec §7): `disponivel` when nobody has it; one
 * with anything but letters and digits is never free (spec §5). The e-mail's check is behind a
 * captcha pass (email-check-pass.server.ts).
 */
export async function checkSignupSubdomain(deps: Pick<Deps, 'db'>, subdomain: string): Promise<Outcome> {
  const free = /^[A-Za-z0-9]+$/.test(subdomain) && !(await isSubdomainTaken(deps, subdomain))
  return { body: { disponivel: free } }
}

/** `POST /cadastrar` → `{status, redirect_url, message}`; the confirmation mail goes after. */
export async function signUp(deps: FlowDeps, input: SignupInput, request: AuthRequest): Promise<Outcome> {
  const returnTo = safeReturnUrl(request.redirect, request.baseDomain, '/conta/perfil')
  await guardSignup(deps, request.address)
  const user = await registerUser(deps, input)
  return {
    message: t('auth.signupSuccess'),
    redirect: returnTo,
    body: { redirect_url: returnTo },
    effects: [
      startSession(user.id),
      sendMail(await confirmationMail(deps, { ...user, name: input.nome })),
      // A professional joins the directory and the community lists.
      pagesOf.profile(input.subdominio),
    ],
  }
}

/**
 * The complete-signup form after "Entrar com Google": the identity waiting in its signed cookie
 * (spent once the account exists; kept for another try when the form is refused).
 */
export async function completeSocialSignup(
  deps: FlowDeps,
  pendingToken: string | undefined,
  input: CompleteSignupInput,
  baseDomain: string,
): Promise<Outcome> {
  const pending = await readSocialSignup(deps, pendingToken)
  if (!pending) throw new DomainError('auth.socialExpired', 422)
  const user = await registerSocialUser(
    deps,
    input,
    { sub: pending.sub, email: pending.email, emailVerified: pending.ev === 1 },
    deps.now(),
  )
  const effects: Effect[] = [
    startSession(user.id),
    pagesOf.profile(input.subdominio),
    deleteCookie(SOCIAL_SIGNUP_COOKIE),
  ]
  // An address Google did not vouch for is confirmed by e-mail, like any signup.
  if (!user.confirmed) effects.push(sendMail(await confirmationMail(deps, { ...user, name: input.nome })))
  const redirect = safeReturnUrl(pending.ret, baseDomain, '/conta/perfil')
  return { message: t('auth.signupSuccess'), redirect, body: { redirect_url: redirect }, effects }
}

export async function resendConfirmation(deps: FlowDeps, user: PublicUser): Promise<Outcome> {
  await guardEmail(deps, [`confirmar:${user.id}`], 'api.rateLimited')
  const account = await findAccount(deps, { id: user.id })
  if (!account) throw new DomainError('api.loginRequired', 401)
  if (account.emailConfirmedAt) throw new DomainError('auth.alreadyConfirmed', 409)
  return { message: t('auth.confirmResent'), effects: [sendMail(await confirmationMail(deps, account))] }
}

/** Every other session ends (password_changed_at); this one goes on under a new id. */
export async function changeOwnPassword(
  deps: FlowDeps,
  user: PublicUser,
  input: PasswordChangeInput,
): Promise<Outcome> {
  await changePassword(deps, user.id, input.senha, input.nova_senha)
  return { message: t('auth.passwordChanged'), effects: [startSession(user.id)] }
}

/** Same answer whether or not the account exists: the form must not reveal who is registered. */
export async function requestPasswordReset(
  deps: FlowDeps,
  input: ResetRequestInput,
  address: string,
): Promise<Outcome> {
  await guardEmail(deps, [`reset:${address}`, `reset:${input.email}`], 'auth.tooManyAttempts')
  const account = await findAccount(deps, { email: input.email })
  return {
    message: t('auth.resetSent'),
    effects: account ? [sendMail(await resetMail(deps, account))] : [],
  }
}

/**
 * The reset link proves the mailbox. On an account whose address was never confirmed, that makes
 * it a handover (decisions/0092): whoever signed up loses what they set, the owner's password
 * takes the signup's place and they are told what was removed.
 */
export async function resetPassword(deps: FlowDeps, input: ResetPasswordInput): Promise<Outcome> {
  const account = await accountForResetLink(deps, input.token)
  if (!account) throw new DomainError('auth.resetInvalid', 422)
  const effects: Effect[] = [startSession(account.id)]
  if (account.emailConfirmedAt) await setPassword(deps, account.id, input.nova_senha)
  else {
    const owner = { passwordHash: await hashPassword(input.nova_senha), googleSub: null }
    const removed = await handOver(deps, account, owner)
    if (!removed) throw new DomainError('auth.resetInvalid', 422)
    effects.push(sendMail(handoverMail(deps, account, removed, 'replaced')))
  }
  return { message: t('auth.resetDone'), redirect: '/', body: { redirect_url: '/' }, effects }
}
