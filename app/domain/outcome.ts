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
  /** This host keeps a session that already exists (the session bridge's last step, decisions/0023). */
  | { type: 'session.keep'; sessionId: string }
  /** The parent domain's session hint goes: it was stale (decisions/0023). */
  | { type: 'sessionHint.clear' }
  /** Sent after the answer; a failed send is logged, never the request's failure. */
  | { type: 'mail'; mail: MailMessage }
  /** Queued on NOTIFICATIONS; delivery is idempotent by its dedupe key. */
  | { type: 'notify'; notification: NotificationsQueueMessage }
  /** New versions for these page-cache scopes: anonymous visitors see the change (decisions/0035). */
  | { type: 'purge'; scopes: string[] }
  /** A short-lived signed value between two steps of a flow (host-only, HttpOnly, Lax). */
  | { type: 'cookie.set'; name: string; value: string; maxAge: number }
  | { type: 'cookie.delete'; name: string }

/** A mutation's result: the success message, where a plain form post lands, extra JSON fields. */
export type Outcome = {
  message?: string
  /** Where a plain form post lands (303); scripts read what `body` says (e.g. `redirect_url`). */
  redirect?: string
  /** Extra fields of the JSON answer the spec gives per call (`url_intended`, `count`, …). */
  body?: Record<string, unknown>
  effects?: Effect[]
  /** Why a flow fell back to its failure page (a provider's error): logged, never shown. */
  failure?: string
  /** A redirect flow's error for the person (`redirectTo` shows it as an error flash). */
  error?: string
}

export const startSession = (userId: number): Effect => ({ type: 'session.start', userId })
export const sendMail = (mail: MailMessage): Effect => ({ type: 'mail', mail })
export const notify = (notification: NotificationsQueueMessage): Effect => ({ type: 'notify', notification })
export const purge = (...scopes: string[]): Effect => ({ type: 'purge', scopes })
export const setCookie = (name: string, value: string, maxAge: number): Effect => ({
  type: 'cookie.set',
  name,
  value,
  maxAge,
})
export const deleteCookie = (name: string): Effect => ({ type: 'cookie.delete', name })
