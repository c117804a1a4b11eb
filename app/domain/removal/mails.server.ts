import { layout } from '~/domain/mail/layout'
import type { MailMessage } from '~/domain/mail/mail.server'
import { t } from '~/i18n/pt-BR'
import type { RequestedPage } from '~/schemas/removal-constants'

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
 * address is stored, so the button opens a page of the request, where the effect shows. Masking
 * removes a person's page (its address is the name, decisions/0071): the button opens another page
 * of the request that still exists, or, when only person pages were asked for, the mail says they
 * were removed and the button opens the site.
 */
export function removalDecisionMail(
  deps: { origin: string },
  to: { email: string; name: string },
  decision: RemovalDecision,
  reason: string | null,
  pages: readonly RequestedPage[],
): MailMessage {
  const site = t('site.name')
  const shown = decision === 'mascarada' ? pages.find((page) => page.kind !== 'pessoa') : pages[0]
  const removed = decision === 'mascarada' && !shown && pages.length > 0
  const intro = t(removed ? 'removal.mail.decision.mascaradaRemovida' : `removal.mail.decision.${decision}`, {
    nome: to.name,
    motivo: reason ?? '',
  })
  return {
    to: to.email,
    subject: t('removal.mail.decision.subject', { site }),
    ...layout(
      intro,
      t(shown ? 'removal.mail.button' : 'removal.mail.buttonSite'),
      `${deps.origin}${shown?.path ?? '/'}`,
      t('removal.mail.footer', { site }),
    ),
  }
}
