import { acceptByIdentity } from '~/domain/claims/decisions.server'
import type { Deps } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { type CitizenIdentity, saveVerification } from '~/domain/trust/identity.server'
import { t } from '~/i18n/pt-BR'
import { loginUrl } from '~/lib/paths'
import { finishGovbr } from './oidc.server'
import {
  finishOidc,
  type OidcCallback,
  type OidcClient,
  type OidcProvider,
  startOidc,
} from './oidc-flow.server'
import { safeReturnUrl } from './redirect'

// "Verificar identidade com gov.br" (decisions/0047): a logged-in user proves who they are with
// the government login (OpenID Connect, code + PKCE + state + nonce). Which account the identity
// is stored for, which claim it accepts and which cookies come and go are decided here; the
// router only reads the request and carries the outcome out (issue 29, like google.server.ts).

export const GOVBR_COOKIE = '__Host-govbr'

/** gov.br as the adapter reaches it (the same shape as Google's). */
export type GovbrClient = OidcClient

/** gov.br asks `openid profile` and takes no `prompt`; its identity is the citizen's CPF and name. */
const GOVBR: OidcProvider<CitizenIdentity> = {
  cookie: GOVBR_COOKIE,
  purpose: 'govbr-estado',
  scope: 'openid profile',
  prompt: '',
  identify: finishGovbr,
}

/** Saved between our redirect and gov.br's answer; `uid` binds it to the account that asked. */
type GovbrState = { ret: string; uid: number }

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
    const saved: GovbrState = { ret, uid: asked.viewerId }
    return await startOidc(deps, client, GOVBR, saved)
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
  // The identity is stored for the account that started the flow, and only while it is logged in.
  const finished = await finishOidc<CitizenIdentity, GovbrState>(deps, client, GOVBR, callback, (saved) =>
    callback.viewerId === saved.uid ? null : 'session changed',
  )
  const { spent } = finished
  const ret = finished.saved ? safeReturnUrl(finished.saved.ret, client.baseDomain, '/conta') : '/conta'
  if (!finished.ok) return failed(finished.reason, ret, { effects: [spent] })
  const { saved, identity } = finished
  try {
    await saveVerification(deps, saved.uid, identity)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { redirect: ret, error: error.message, effects: [spent] }
  }
  const accepted = await acceptByIdentity(deps, saved.uid, identity)
  return { redirect: ret, message: t('govbr.verified'), effects: [spent, ...accepted] }
}
