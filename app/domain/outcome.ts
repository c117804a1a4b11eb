import type { MailMessage } from '~/domain/mail/mail.server'
import type { NotificationsQueueMessage } from '~/domain/notifications/notifications-messages'

/**
 * What a use-case asks the adapter to do once its database writes succeeded. The use-case decides;
 * the responder (workers/lib/respond.ts) carries them out, so no router knows which mails,
 * sessions or notifications a mutation implies.
 */
export type Effect =
  /** Start a session with a new id (the previous one, if any, ends). */
  | { type: 'session.start'; userId: number }
  | { type: 'session.end' }
  /** Sent after the answer; a failed send is logged, never the request's failure. */
  | { type: 'mail'; mail: MailMessage }
  /** Queued on NOTIFICATIONS; delivery is idempotent by its dedupe key. */
  | { type: 'notify'; notification: NotificationsQueueMessage }
  /** New versions for these page-cache scopes: anonymous visitors see the change (decisions/0035). */
  | { type: 'purge'; scopes: string[] }

/** A mutation's result: the success message, where a plain form post lands, extra JSON fields. */
export type Outcome = {
  message?: string
  /** Where a plain form post lands (303); scripts read what `body` says (e.g. `redirect_url`). */
  redirect?: string
  /** Extra fields of the JSON answer the spec gives per call (`url_intended`, `count`, …). */
  body?: Record<string, unknown>
  effects?: Effect[]
}

export const startSession = (userId: number): Effect => ({ type: 'session.start', userId })
export const sendMail = (mail: MailMessage): Effect => ({ type: 'mail', mail })
export const notify = (notification: NotificationsQueueMessage): Effect => ({ type: 'notify', notification })
export const purge = (...scopes: string[]): Effect => ({ type: 'purge', scopes })
