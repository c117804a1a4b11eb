import type { Deps } from '~/domain/deps'
import { layout } from '~/domain/mail/layout'
import type { MailMessage } from '~/domain/mail/mail.server'
import { type AccountRow, findAccount } from '~/domain/users/accounts.server'
import type { Removed } from '~/domain/users/handover.server'
import { t } from '~/i18n/pt-BR'
import { signToken, verifyToken } from './tokens.server'

type MailDeps = Pick<Deps, 'authSecret' | 'now' | 'origin'>

/**
 * The confirmation link carries the user id and the e-mail it confirms: the account's address,
 * or the new address of an e-mail change (which takes effect only when this link is followed).
 */
export async function confirmationMail(
  deps: MailDeps,
  user: { id: number; email: string; name: string },
): Promise<MailMessage> {
  const token = await signToken(
    deps.authSecret(),
    'confirmar-email',
    { uid: user.id, email: user.email },
    deps.now(),
  )
  const link = `${deps.origin}/confirmar-email?token=${encodeURIComponent(token)}`
  const site = t('site.name')
  return {
    to: user.email,
    subject: t('mail.confirmSubject', { site }),
    ...layout(t('mail.confirmBody', { nome: user.name, site }), t('mail.confirmButton'), link),
  }
}

/** Tells the current address that a change to another one was asked (a stolen session shows). */
export function emailChangeNoticeMail(
  deps: Pick<Deps, 'origin'>,
  user: { email: string; name: string },
  newEmail: string,
): MailMessage {
  const site = t('site.name')
  return {
    to: user.email,
    subject: t('mail.emailChangeSubject', { site }),
    ...layout(
      t('mail.emailChangeBody', { nome: user.name, site, email: newEmail }),
      t('mail.emailChangeButton'),
      `${deps.origin}/senha/esqueci`,
      t('mail.emailChangeFooter'),
    ),
  }
}

type MergedAccount = { name: string; subdomain: string; email: string }

/**
 * Tells an address that its account took part in a merge (decisions/0046): sent to both, so a
 * merge nobody expected is noticed by whoever owns either address.
 */
export function mergeNoticeMail(
  deps: Pick<Deps, 'origin'>,
  to: { email: string; name: string },
  merge: { survivor: MergedAccount; closed: MergedAccount },
): MailMessage {
  const site = t('site.name')
  return {
    to: to.email,
    subject: t('mail.mergeSubject', { site }),
    ...layout(
      t('mail.mergeBody', {
        nome: to.name,
        site,
        fechada: merge.closed.subdomain,
        sobrevivente: merge.survivor.subdomain,
        emailFechada: merge.closed.email,
        emailSobrevivente: merge.survivor.email,
      }),
      t('mail.emailChangeButton'),
      `${deps.origin}/senha/esqueci`,
      t('mail.emailChangeFooter'),
    ),
  }
}

/**
 * The reset link is bound to the password it replaces (`pwc`, the last change): once used, or
 * after any other change, it stops working. It expires in 30 minutes.
 */
export async function resetMail(
  deps: MailDeps,
  user: { id: number; email: string; name: string; passwordChangedAt: number | null },
): Promise<MailMessage> {
  const token = await signToken(
    deps.authSecret(),
    'redefinir-senha',
    { uid: user.id, pwc: user.passwordChangedAt ?? 0 },
    deps.now(),
  )
  const link = `${deps.origin}/senha/redefinir?token=${encodeURIComponent(token)}`
  const site = t('site.name')
  return {
    to: user.email,
    subject: t('mail.resetSubject', { site }),
    ...layout(t('mail.resetBody', { nome: user.name, site }), t('mail.resetButton'), link),
  }
}

/**
 * The account a reset link may still change: the token is genuine and unexpired, and the
 * password has not changed since it was sent (so a link works once). Null otherwise.
 */
export async function accountForResetLink(
  deps: Pick<Deps, 'db' | 'authSecret' | 'now'>,
  token: string | null | undefined,
): Promise<AccountRow | null> {
  const result = await verifyToken<{ uid: number; pwc: number }>(
    deps.authSecret(),
    'redefinir-senha',
    token,
    deps.now(),
  )
  if (!result.ok) return null
  const account = await findAccount(deps, { id: Number(result.claims.uid) })
  return account && (account.passwordChangedAt ?? 0) === Number(result.claims.pwc) ? account : null
}

/**
 * Tells the owner who took an unconfirmed account over (decisions/0092) what the handover
 * removed, so a webhook or key they never made, now gone, is not a mystery.
 */
export function handoverMail(
  deps: Pick<Deps, 'origin'>,
  to: { email: string; name: string },
  removed: Removed,
  /** What became of the signup's password ('none' when the signup set none, e.g. through Google). */
  password: 'cleared' | 'replaced' | 'none',
): MailMessage {
  const site = t('site.name')
  const items = [
    ...(password === 'none'
      ? []
      : [t(password === 'cleared' ? 'mail.handoverPasswordCleared' : 'mail.handoverPasswordReplaced')]),
    ...(removed.webhook ? [t('mail.handoverWebhook')] : []),
    ...(removed.apiKeys ? [t('mail.handoverApiKeys', { n: removed.apiKeys })] : []),
    ...(removed.identity ? [t('mail.handoverIdentity')] : []),
  ]
  return {
    to: to.email,
    subject: t('mail.handoverSubject', { site }),
    ...layout(
      t('mail.handoverBody', {
        nome: to.name,
        site,
        email: to.email,
        itens: items.map((item) => `; ${item}`).join(''),
      }),
      t('mail.handoverButton'),
      `${deps.origin}/conta`,
      t('mail.handoverFooter'),
    ),
  }
}
