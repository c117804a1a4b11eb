import type { Deps } from '~/domain/deps'
import { type Outcome, sendMail, startSession } from '~/domain/outcome'
import { confirmEmail, findAccount } from '~/domain/users/accounts.server'
import { endOtherSessions, handOver } from '~/domain/users/handover.server'
import { handoverMail } from './emails.server'
import { signToken, verifyToken } from './tokens.server'

type ConfirmDeps = Pick<Deps, 'db' | 'authSecret' | 'now' | 'origin'>

const RESULT = '/confirmar-email?resultado='

/**
 * The confirmation e-mail's link (issue 38 item 2, decisions/0092). It proves the mailbox, not
 * the password: a signup may have been made with someone else's address. So, for the account's
 * own unconfirmed address:
 * - followed in the browser holding that account's session, it is the person who signed up
 *   (they have both): the address is confirmed and every other session ends;
 * - followed anywhere else, the account is handed to the mailbox's owner (`handOver`): sessions,
 *   the signup's password and Google subject, webhook, API keys and identity go, and the owner is
 *   led to choose a password (a fresh reset link on the result page) and told what was removed.
 * An e-mail change's new address (the account already has an owner) is confirmed as before.
 */
export async function followConfirmationLink(
  deps: ConfirmDeps,
  token: string,
  viewerId: number | null,
): Promise<Outcome> {
  const invalid: Outcome = { redirect: `${RESULT}invalido` }
  const confirmed: Outcome = { redirect: `${RESULT}ok` }
  const result = await verifyToken<{ uid: number; email: string }>(
    deps.authSecret(),
    'confirmar-email',
    token,
    deps.now(),
  )
  if (!result.ok) return invalid
  const userId = Number(result.claims.uid)
  const email = String(result.claims.email)
  const account = await findAccount(deps, { id: userId })
  if (!account) return invalid
  if (account.email !== email || account.emailConfirmedAt)
    return (await confirmEmail(deps, userId, email)) ? confirmed : invalid
  if (viewerId === userId) {
    if (!(await confirmEmail(deps, userId, email))) return invalid
    await endOtherSessions(deps, userId)
    return { ...confirmed, effects: [startSession(userId)] }
  }
  const removed = await handOver(deps, account, { passwordHash: null, googleSub: null })
  // Changed meanwhile (confirmed by a racing click): the link still says what is true now.
  if (!removed) return (await confirmEmail(deps, userId, email)) ? confirmed : invalid
  const owner = await findAccount(deps, { id: userId })
  const reset = await signToken(
    deps.authSecret(),
    'redefinir-senha',
    { uid: userId, pwc: owner?.passwordChangedAt ?? 0 },
    deps.now(),
  )
  return {
    redirect: `${RESULT}nova-senha&redefinir=${encodeURIComponent(reset)}`,
    effects: [sendMail(handoverMail(deps, account, removed, account.hasPassword ? 'cleared' : 'none'))],
  }
}
