import { layout } from '~/domain/mail/layout'
import type { MailMessage } from '~/domain/mail/mail.server'
import { t } from '~/i18n/pt-BR'
import { personPath } from '~/lib/paths'

export type ClaimDecision = 'aceita' | 'recusada' | 'encerrada' | 'suspensa'

/** Tells the claimant what became of the claim, and why when it was not accepted. */
export function claimDecisionMail(
  deps: { origin: string },
  claimant: { email: string; name: string },
  person: { name: string; slug: string },
  decision: ClaimDecision,
  reason: string | null,
): MailMessage {
  const site = t('site.name')
  const body = t(`claims.mail.${decision}`, { nome: claimant.name, pessoa: person.name, site })
  return {
    to: claimant.email,
    subject: t(`claims.mail.subject.${decision}`, { pessoa: person.name, site }),
    ...layout(
      reason ? `${body}\n\n${t('claims.mail.reason', { motivo: reason })}` : body,
      t('claims.mail.button'),
      `${deps.origin}${personPath(person.slug)}`,
      t('claims.mail.footer'),
    ),
  }
}
