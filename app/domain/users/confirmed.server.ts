import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { DomainError } from '~/domain/errors'
import type { MessageKey } from '~/i18n/pt-BR'

/**
 * What an account may do only once someone answered at its address (issue 38 item 7,
 * decisions/0092): every action whose effect reaches other people or leaves the site. An address
 * nobody confirmed may be someone else's, so an account registered with it must not speak, notify
 * or deliver in that person's name. Private actions (monitoring for oneself, following a lawsuit,
 * saving a search) need no confirmation.
 */
export type ReachingAction = 'follow' | 'comment' | 'vote' | 'webhook' | 'publish' | 'apiKey' | 'claim'

const MESSAGES: Record<ReachingAction, MessageKey> = {
  follow: 'auth.confirmToFollow',
  comment: 'auth.confirmToComment',
  vote: 'auth.confirmToVote',
  webhook: 'auth.confirmToWebhook',
  publish: 'article.emailUnconfirmed',
  apiKey: 'apiKeys.confirmFirst',
  claim: 'auth.confirmToClaim',
}

/** Throws the action's 403 (it names the banner's resend button) unless the e-mail is confirmed. */
export async function requireConfirmedEmail(
  deps: { db: Database },
  userId: number,
  action: ReachingAction,
): Promise<void> {
  const [row] = await deps.db
    .select({ confirmed: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!row?.confirmed) throw new DomainError(MESSAGES[action], 403)
}
