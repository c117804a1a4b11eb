import type { Deps } from '~/domain/deps'
import { type TokenPurpose, verifyToken } from './tokens.server'

/** What a provider's callback brings back: the signed state's cookie, the code and the state. */
export type OidcCallback = { stateCookie?: string; code?: string; state?: string; viewerId: number | null }

/**
 * The first check of every provider callback (Google, gov.br): the signed state in its cookie
 * must open, and the provider must answer a code with that same state. Answers the saved state and
 * the code, or null (a forged, stale or replayed callback); the caller spends the cookie either way.
 */
export async function openCallbackState<T extends { state: string }>(
  deps: Pick<Deps, 'authSecret' | 'now'>,
  purpose: TokenPurpose,
  callback: OidcCallback,
): Promise<{ saved: T; code: string } | null> {
  const saved = await verifyToken<T>(deps.authSecret(), purpose, callback.stateCookie, deps.now())
  if (!saved.ok || !callback.code || callback.state !== saved.claims.state) return null
  return { saved: saved.claims, code: callback.code }
}
