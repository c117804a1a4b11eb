import type { Deps } from '~/domain/deps'
import { deleteCookie, type Effect, type Outcome, setCookie } from '~/domain/outcome'
import {
  authorizationUrl,
  type CodeExchange,
  discover,
  type Fetcher,
  type ProviderMetadata,
  randomToken,
} from './oidc.server'
import { signToken, TOKEN_TTL_SECONDS, verifyToken } from './tokens.server'

// The two halves every OpenID Connect login of the site runs alike, whatever the provider
// (Google: decisions/0021; gov.br: decisions/0047): the redirect with a signed state in a cookie,
// and the callback that opens it, spends the cookie and trades the code for an identity. What an
// identity then does (log in, prove a merge, verify a citizen) is each provider's use-case.

/** A provider as the adapter reaches it; the issuer and the secret may throw (not configured). */
export type OidcClient = {
  fetcher: Fetcher
  issuer: () => string
  clientId: string
  clientSecret: () => string
  redirectUri: string
  /** The site's base domain: return paths stay on it. */
  baseDomain: string
}

/** How one provider differs: its state cookie, the token purpose that signs it, what it asks. */
export type OidcProvider<I> = {
  cookie: string
  purpose: 'oidc-estado' | 'govbr-estado'
  /** The authorization request's scope and prompt (Google's defaults when left out). */
  scope?: string
  prompt?: string
  /** Trades the code and reads the verified claims into the provider's identity. */
  identify: (fetcher: Fetcher, meta: ProviderMetadata, exchange: CodeExchange) => Promise<I>
}

/** What a provider's callback brings back: the signed state's cookie, the code and the state. */
export type OidcCallback = { stateCookie?: string; code?: string; state?: string; viewerId: number | null }

/** The random part of a saved state; the rest (return path, intent, account) is the caller's. */
type Secrets = { state: string; nonce: string; verifier: string }

/**
 * The first step: the provider's authorization address, and `saved` with fresh state, nonce and
 * PKCE verifier signed in the provider's cookie. Throws when the provider cannot be reached.
 */
export async function startOidc<I, S extends object>(
  deps: Pick<Deps, 'authSecret' | 'now'>,
  client: OidcClient,
  provider: OidcProvider<I>,
  saved: S,
): Promise<Outcome> {
  const meta = await discover(client.fetcher, client.issuer())
  const secrets: Secrets = { state: randomToken(), nonce: randomToken(), verifier: randomToken() }
  const location = await authorizationUrl(meta, {
    clientId: client.clientId,
    redirectUri: client.redirectUri,
    scope: provider.scope,
    prompt: provider.prompt,
    ...secrets,
  })
  const signed = await signToken(deps.authSecret(), provider.purpose, { ...secrets, ...saved }, deps.now())
  return {
    redirect: location,
    effects: [setCookie(provider.cookie, signed, TOKEN_TTL_SECONDS[provider.purpose])],
  }
}

/**
 * The callback's answer. `spent` deletes the state cookie and goes with every outcome, whatever
 * happened; a failure carries its reason (for the log) and the saved state when it opened.
 */
export type OidcFinish<S, I> =
  | { ok: true; saved: S; identity: I; spent: Effect }
  | { ok: false; reason: unknown; saved?: S; spent: Effect }

/**
 * The provider's callback: the signed state in its cookie must open and the provider must answer
 * a code with that same state (else a forged, stale or replayed callback); `admit` may refuse the
 * saved state before the code is traded (a reason string); then the code becomes the identity.
 */
export async function finishOidc<I, S extends object>(
  deps: Pick<Deps, 'authSecret' | 'now'>,
  client: OidcClient,
  provider: OidcProvider<I>,
  callback: OidcCallback,
  admit: (saved: S) => string | null = () => null,
): Promise<OidcFinish<S, I>> {
  const spent = deleteCookie(provider.cookie)
  const opened = await verifyToken<S & Secrets>(
    deps.authSecret(),
    provider.purpose,
    callback.stateCookie,
    deps.now(),
  )
  if (!opened.ok || !callback.code || callback.state !== opened.claims.state)
    return { ok: false, reason: 'state', spent }
  const saved = opened.claims
  const refused = admit(saved)
  if (refused) return { ok: false, reason: refused, saved, spent }
  try {
    const meta = await discover(client.fetcher, client.issuer())
    const identity = await provider.identify(client.fetcher, meta, {
      code: callback.code,
      clientId: client.clientId,
      clientSecret: client.clientSecret(),
      redirectUri: client.redirectUri,
      verifier: saved.verifier,
      nonce: saved.nonce,
      now: deps.now(),
    })
    return { ok: true, saved, identity, spent }
  } catch (error) {
    return { ok: false, reason: error, saved, spent }
  }
}
