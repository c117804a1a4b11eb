import type { Deps } from '~/domain/deps'
import { signToken } from './tokens.server'

/**
 * The confirmation page's address, with the signed ticket naming both accounts (15 minutes) and
 * its own id: the merge records it, so a ticket is used once. In auth, not merge: the Google
 * sign-in hands one out too, and merge (which reads it back) sits above auth.
 */
export async function mergeTicketUrl(
  deps: Pick<Deps, 'authSecret' | 'now'>,
  currentId: number,
  otherId: number,
): Promise<string> {
  const claims = { sub: currentId, outra: otherId, jti: crypto.randomUUID() }
  const ticket = await signToken(deps.authSecret(), 'unir-contas', claims, deps.now())
  return `/conta/unir?ticket=${encodeURIComponent(ticket)}`
}
