import { acceptByIdentity } from '~/domain/claims/decisions.server'
import type { Deps } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import { deleteCookie, type Outcome, setCookie } from '~/domain/outcome'
import { saveVerification } from '~/domain/trust/identity.server'
import { t } from '~/i18n/pt-BR'
import { loginUrl } from '~/lib/paths'
import { type OidcCallback, openCallbackState } from './callback-state.server'
import type { GoogleClient } from './google.server'
import { authorizationUrl, type CitizenIdentity, discover, finishGovbr, randomToken } from './oidc.server'
import { safeReturnUrl } from './redirect'
import { signToken, TOKEN_TTL_SECONDS } from './tokens.server'

// "Verificar identidade com gov.br" (decisions/0047): a logged-in user proves who they are with
// the government login (OpenID Connect, code + PKCE + state + nonce). Which account the identity
// is stored for, which claim it accepts and which cookies come and go are decided here; the
// router only reads the request and carries the outcome out (issue 29, like google.server.ts).

export const GOVBR_COOKIE = '__Host-govbr'

/** The provider as the adapter reaches it (the same shape as Google's). */
export type GovbrClient = GoogleClient

/** Saved between our redirect and gov.br's answer; `uid` binds it to the account that asked. */
type GovbrState = { state: string; nonce: string; verifier: string; ret: string; uid: number }

/** A failure goes back where the person was, with the general message; the reason is logged. */
const failed = (reason: unknown, ret: string, outcome: Outcome = {}): Outcome => ({
  ...outcome,
  redirect: ret,
  error: t('govbr.failed'),
  failure: String(reason),
})

/** The first step: log in first if needed, then gov.br's address and the signed state in a cookie. */
export async function startGovbrVerification(
  deps: Pick<Deps, 'authSecret' | 'now'>,
  client: GovbrClient,
  asked: { ret?: string; viewerId: number | null },
): Promise<Outcome> {
  const ret = safeReturnUrl(asked.ret, client.baseDomain, '/conta')
  // Back here after login, with the checked return path only (never the raw query echoed).
  if (!asked.viewerId)
    return { redirect: loginUrl(`/verificar-identidade/govbr?auth.redirect=${encodeURIComponent(ret)}`) }
  try {
    const meta = await discover(client.fetcher, client.issuer())
    const state: GovbrState = {
      state: randomToken(),
      nonce: randomToken(),
      verifier: randomToken(),
      ret,
      uid: asked.viewerId,
    }
    const location = await authorizationUrl(meta, {
      clientId: client.clientId,
      redirectUri: client.redirectUri,
      scope: 'openid profile',
      prompt: '',
      ...state,
    })
    const signed = await signToken(deps.authSecret(), 'govbr-estado', state, deps.now())
    return {
      redirect: location,
      effects: [setCookie(GOVBR_COOKIE, signed, TOKEN_TTL_SECONDS['govbr-estado'])],
    }
  } catch (error) {
    return failed(error, ret)
  }
}

/**
 * gov.br's callback: the signed state (its cookie is spent whatever happens) must match and belong
 * to the account still logged in; the identity is stored for it, and a claim waiting for review
 * (or suspended by a rename) is accepted if this identity proves it.
 */
export async function finishGovbrVerification(
  deps: Deps,
  client: GovbrClient,
  callback: OidcCallback,
): Promise<Outcome> {
  const opened = await openCallbackState<GovbrState>(deps, 'govbr-estado', callback)
  const spent = deleteCookie(GOVBR_COOKIE)
  if (!opened) return failed('state', '/conta', { effects: [spent] })
  const { saved, code } = opened
  const ret = safeReturnUrl(saved.ret, client.baseDomain, '/conta')
  // The identity is stored for the account that started the flow, and only while it is logged in.
  if (callback.viewerId !== saved.uid) return failed('session changed', ret, { effects: [spent] })
  let identity: CitizenIdentity
  try {
    const meta = await discover(client.fetcher, client.issuer())
    identity = await finishGovbr(client.fetcher, meta, {
      code,
      clientId: client.clientId,
      clientSecret: client.clientSecret(),
      redirectUri: client.redirectUri,
      verifier: saved.verifier,
      nonce: saved.nonce,
      now: deps.now(),
    })
  } catch (error) {
    return failed(error, ret, { effects: [spent] })
  }
  try {
    await saveVerification(deps, saved.uid, identity)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { redirect: ret, error: error.message, effects: [spent] }
  }
  const accepted = await acceptByIdentity(deps, saved.uid, identity)
  return { redirect: ret, message: t('govbr.verified'), effects: [spent, ...accepted] }
}
