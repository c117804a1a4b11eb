import { isLocalDev, type RuntimeValues } from '~/domain/site/environment'
import { headerText } from '~/lib/header-text'

/**
 * Account e-mails through Cloudflare Email Service (`send_email` binding). In local development
 * each message is also kept for a day in a development mailbox (KV), listed at `/__dev/emails`,
 * so people and end-to-end tests read the real message and follow its links.
 */
export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  /** Extra headers, e.g. `List-Unsubscribe` on notification e-mails. */
  headers?: Record<string, string>
}

export type Mailer = { send: (message: MailMessage) => Promise<void> }

export type StoredMail = MailMessage & { id: string; from: string; sentAt: number }

const MAILBOX_PREFIX = 'dev-mail:'
const RECIPIENT_PREFIX = 'dev-mail-para:'
const MAILBOX_TTL_SECONDS = 60 * 60 * 24

/**
 * Every header of a message passes through headerText here, the one place mail leaves the app:
 * a name with a line break (typed before the forms refused it, or from a provider) cannot add
 * a header to the Subject, the recipient or any extra header.
 */
function headerSafe(message: MailMessage): MailMessage {
  return {
    ...message,
    to: headerText(message.to),
    subject: headerText(message.subject),
    ...(message.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(message.headers).map(([name, value]) => [headerText(name), headerText(value)]),
          ),
        }
      : {}),
  }
}

export function createMailer(
  env: RuntimeValues & { EMAIL: SendEmail; MAIL_FROM: string; SESSIONS: KVNamespace },
): Mailer {
  return {
    async send(original) {
      const message = headerSafe(original)
      await env.EMAIL.send({ from: headerText(env.MAIL_FROM), ...message })
      // The mailbox holds live reset links: local development only (decisions/0021).
      if (!isLocalDev(env)) return
      const sentAt = Date.now()
      // Reverse-time key: KV lists keys in order, so the newest message comes first.
      const id = `${(Number.MAX_SAFE_INTEGER - sentAt).toString(36)}-${crypto.randomUUID()}`
      const stored: StoredMail = { id, from: env.MAIL_FROM, sentAt, ...message }
      // Twice: in the whole mailbox, and under its recipient, so one person's mail is found
      // however many others were sent since (a digest goes to thousands of demo people).
      const value = JSON.stringify(stored)
      const options = { expirationTtl: MAILBOX_TTL_SECONDS }
      await Promise.all([
        env.SESSIONS.put(`${MAILBOX_PREFIX}${id}`, value, options),
        env.SESSIONS.put(`${RECIPIENT_PREFIX}${message.to.toLowerCase()}:${id}`, value, options),
      ])
    },
  }
}

/** The development mailbox, newest first, optionally only one recipient's messages. */
export async function readMailbox(kv: KVNamespace, to?: string): Promise<StoredMail[]> {
  const prefix = to ? `${RECIPIENT_PREFIX}${to.toLowerCase()}:` : MAILBOX_PREFIX
  const { keys } = await kv.list({ prefix, limit: 200 })
  const messages = await Promise.all(keys.map((key) => kv.get<StoredMail>(key.name, 'json')))
  return messages.filter((m): m is StoredMail => !!m)
}
