import { mergeTicketUrl } from '~/domain/auth/merge-ticket.server'
import type { Deps } from '~/domain/deps'
import { type Outcome, sendMail, setCookie, startSession } from '~/domain/outcome'
import { findAccount, signInByVerifiedEmail } from '~/domain/users/accounts.server'
import { handoverMail } from './emails.server'
import { finishLogin, type Identity } from './oidc.server'
import {
  finishOidc,
  type OidcCallback,
  type OidcClient,
  type OidcProvider,
  startOidc,
} from './oidc-flow.server'
import { safeReturnUrl } from './redirect'
import { SOCIAL_SIGNUP_COOKIE, type SocialSignup } from './social-signup.server'
import { signToken, TOKEN_TTL_SECONDS } from './tokens.server'

// "Entrar com Google" (decisions/0021) and the Google proof of a merge (decisions/0033): which
// account a verified identity reaches, when a session starts, and which cookies come and go are
// decided here; the router only reads the request and carries the outcome out (issue 29).

/** Between the provider's redirect and our callback: state, nonce and PKCE verifier, signed. */
export const OIDC_COOKIE = '__Host-oidc'

/** Where every failure of the Google login lands (the login page names it). */
export const GOOGLE_FAILED = '/login?erro=google'

/** Google as the adapter reaches it. */
export type GoogleClient = OidcClient

const GOOGLE: OidcProvider<Identity> = { cookie: OIDC_COOKIE, purpose: 'oidc-estado', identify: finishLogin }

type GoogleDeps = Pick<Deps, 'db' | 'authSecret' | 'now' | 'origin'>

/** `intent`: 'entrar' (log in or sign up) or 'unir' (prove the other account of a merge). */
type GoogleState = { ret: string; intent?: string }

const failed = (reason: unknown, outcome: Outcome = {}): Outcome => ({
  ...outcome,
  redirect: GOOGLE_FAILED,
  failure: String(reason),
})

/** The first step: the provider's authorization address, and the signed state in a cookie. */
export async function startGoogleLogin(
  deps: GoogleDeps,
  client: GoogleClient,
  asked: { ret?: string; intent?: string },
): Promise<Outcome> {
  const ret = safeReturnUrl(asked.ret, client.baseDomain)
  try {
    const saved: GoogleState = { ret, intent: asked.intent === 'unir' ? 'unir' : 'entrar' }
    return await startOidc(deps, client, GOOGLE, saved)
  } catch (error) {
    return failed(error)
  }
}

/**
 * Logging in: the account of this Google identity, or the one of its verified e-mail; else the
 * identity waits, signed in a cookie, for the complete-signup form.
 */
async function signIn(deps: GoogleDeps, identity: Identity, ret: string): Promise<Outcome> {
  const bySub = await findAccount(deps, { googleSub: identity.sub })
  // An existing account is taken over only through an address the provider verified.
  const byEmail = !bySub && identity.emailVerified ? await findAccount(deps, { email: identity.email }) : null
  const account = bySub ?? byEmail
  if (account) {
    // An unconfirmed account is handed to the verified owner of its e-mail (decisions/0019, 0092).
    const handed = byEmail ? await signInByVerifiedEmail(deps, byEmail, identity) : 'linked'
    if (!handed) return failed('account changed while linking')
    const told =
      handed === 'linked'
        ? []
        : [sendMail(handoverMail(deps, account, handed, account.hasPassword ? 'cleared' : 'none'))]
    return { redirect: ret, effects: [startSession(account.id), ...told] }
  }
  const pending: SocialSignup = {
    sub: identity.sub,
    email: identity.email,
    ev: identity.emailVerified ? 1 : 0,
    name: identity.name,
    ret,
  }
  const token = await signToken(deps.authSecret(), 'cadastro-social', pending, deps.now())
  return {
    redirect: '/cadastrar/completar',
    effects: [setCookie(SOCIAL_SIGNUP_COOKIE, token, TOKEN_TTL_SECONDS['cadastro-social'])],
  }
}

/**
 * Merging accounts (decisions/0033): the person, logged in to one account, logs in with Google to
 * prove the other one is theirs; the answer is the same signed ticket the password step gives.
 */
async function proveByGoogle(
  deps: GoogleDeps,
  viewerId: number | null,
  identity: Identity,
): Promise<Outcome> {
  if (!viewerId) return { redirect: '/login?auth.redirect=%2Fconta%2Funir' }
  const bySub = await findAccount(deps, { googleSub: identity.sub })
  const account =
    bySub ?? (identity.emailVerified ? await findAccount(deps, { email: identity.email }) : null)
  if (!account) return { redirect: '/conta/unir?erro=sem-conta' }
  if (account.id === viewerId) return { redirect: '/conta/unir?erro=mesma-conta' }
  // Both addresses confirmed, as for the password proof (decisions/0046).
  const current = await findAccount(deps, { id: viewerId })
  if (!current?.emailConfirmedAt) return { redirect: '/conta/unir?erro=confirme-esta' }
  if (!account.emailConfirmedAt) return { redirect: '/conta/unir?erro=nao-confirmada' }
  return { redirect: await mergeTicketUrl(deps, viewerId, account.id) }
}

/**
 * The provider's callback: the signed state (its cookie is spent whatever happens) must match,
 * the code is exchanged for the identity, which then logs in or proves a merge.
 */
export async function finishGoogleLogin(
  deps: GoogleDeps,
  client: GoogleClient,
  callback: OidcCallback,
): Promise<Outcome> {
  const finished = await finishOidc<Identity, GoogleState>(deps, client, GOOGLE, callback)
  const { spent } = finished
  if (!finished.ok) return failed(finished.reason, { effects: [spent] })
  const { saved, identity } = finished
  const next =
    saved.intent === 'unir'
      ? await proveByGoogle(deps, callback.viewerId, identity)
      : await signIn(deps, identity, safeReturnUrl(saved.ret, client.baseDomain))
  return { ...next, effects: [spent, ...(next.effects ?? [])] }
}
