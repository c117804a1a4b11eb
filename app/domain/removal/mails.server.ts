import { layout } from '~/domain/auth/emails.server'
import type { MailMessage } from '~/domain/mail/mail.server'
import { t } from '~/i18n/pt-BR'

export const statusPath = (token: string) => `/remocao/acompanhar/${token}`

/** The confirmation link (proof of the e-mail) and the private status address, in one message. */
export function removalConfirmMail(
  deps: { origin: string },
  to: { email: string; name: string },
  confirmUrl: string,
  statusToken: string,
): MailMessage {
  const site = t('site.name')
  return {
    to: to.email,
    subject: t('removal.mail.confirm.subject', { site }),
    ...layout(
      t('removal.mail.confirm.body', {
        nome: to.name,
        acompanhar: `${deps.origin}${statusPath(statusToken)}`,
      }),
      t('removal.mail.confirm.button'),
      confirmUrl,
      t('removal.mail.footer', { site }),
    ),
  }
}

export type RemovalDecision = 'desindexada' | 'mascarada' | 'recusada'

/**
 * Each decision, told to the requester (with the reason of a refusal). Only the hash of the status
 * address is stored, so the button opens the request's first page, where the effect shows.
 */
export function removalDecisionMail(
  deps: { origin: string },
  to: { email: string; name: string },
  decision: RemovalDecision,
  reason: string | null,
  pagePath: string,
): MailMessage {
  const site = t('site.name')
  return {
    to: to.email,
    subject: t('removal.mail.decision.subject', { site }),
    ...layout(
      t(`removal.mail.decision.${decision}`, { nome: to.name, motivo: reason ?? '' }),
      t('removal.mail.button'),
      `${deps.origin}${pagePath}`,
      t('removal.mail.footer', { site }),
    ),
  }
}
