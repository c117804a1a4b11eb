import { and, eq, inArray, isNull } from 'drizzle-orm'
import { notifications } from '~/db/schema'
import type { Deps } from '~/domain/deps'
import type { MailMessage } from '~/domain/mail/mail.server'
import { mailRecipients } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { escapeHtml } from '~/lib/html'
import { truncateAtWord } from '~/lib/plain-text'
import { type EmailGroup, getEmailPreferences, groupOf, unsubscribeLinks } from './email-preferences.server'
import { notificationHref } from './links'
import { visibleSubjectOf } from './subjects.server'

export type MailDeps = Pick<Deps, 'db' | 'corpus' | 'mailer' | 'authSecret' | 'origin' | 'now'>

export type MailItem = { title: string; url: string | null }

/**
 * One notification e-mail: the items as links to our site, "see all", and a one-click unsubscribe
 * (RFC 8058: `List-Unsubscribe` with `List-Unsubscribe-Post`), signed so it works without login.
 */
export async function composeMail(
  deps: MailDeps,
  to: { id: number; email: string; name: string },
  subject: string,
  intro: string,
  items: MailItem[],
  more: number,
  group: EmailGroup | 'todos',
): Promise<MailMessage> {
  const host = new URL(deps.origin).host
  const link = (url: string | null) => {
    const href = notificationHref(url, host)
    return href?.startsWith('/') ? `${deps.origin}${href}` : (href ?? `${deps.origin}/notificacoes`)
  }
  const all = `${deps.origin}/notificacoes`
  const manage = `${deps.origin}/conta/notificacoes`
  const { page: unsubscribe, oneClick } = await unsubscribeLinks(deps, to.id, group)
  const site = t('site.name')
  const lines = items.map((item) => `• ${item.title}\n  ${link(item.url)}`)
  const text = [
    intro,
    '',
    ...lines,
    ...(more > 0 ? ['', t('mail.digestMore', { n: more })] : []),
    '',
    `${t('mail.seeAll')}: ${all}`,
    '',
    t('mail.unsubscribe', { link: unsubscribe }),
    `${t('emailPrefs.manage')}: ${manage}`,
    '',
    t('mail.signature', { site }),
  ].join('\n')
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1c1c">
<p>${escapeHtml(intro)}</p>
<ul>${items.map((item) => `<li><a href="${escapeHtml(link(item.url))}">${escapeHtml(item.title)}</a></li>`).join('')}</ul>
${more > 0 ? `<p>${escapeHtml(t('mail.digestMore', { n: more }))}</p>` : ''}
<p><a href="${escapeHtml(all)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('mail.seeAll'))}</a></p>
<p style="font-size:13px;color:#555"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('mail.unsubscribeLabel'))}</a> · <a href="${escapeHtml(manage)}">${escapeHtml(t('emailPrefs.manage'))}</a></p>
<p>${escapeHtml(t('mail.signature', { site }))}</p>
</body></html>`
  return {
    to: to.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/** Marks rows e-mailed (or handled), 90 ids per statement: D1 binds at most 100 values. */
export async function markEmailed(deps: MailDeps, ids: number[]) {
  for (let i = 0; i < ids.length; i += 90)
    await deps.db
      .update(notifications)
      .set({ emailedAt: deps.now().getTime() })
      .where(and(inArray(notifications.id, ids.slice(i, i + 90)), isNull(notifications.emailedAt)))
}

/**
 * After a notification is stored: e-mail it at once when its group is "Na hora", or mark it
 * handled when "Nunca"; "Resumo diário" leaves it for the digest. The row is marked only after
 * the send, so a failure is retried with the queue message (at worst one e-mail twice, never none).
 */
export async function emailIfImmediate(deps: MailDeps, dedupeKey: string): Promise<void> {
  const visibleSubject = await visibleSubjectOf(deps, eq(notifications.dedupeKey, dedupeKey))
  const [row] = await deps.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.dedupeKey, dedupeKey), isNull(notifications.emailedAt), visibleSubject))
  if (!row) return
  const group = groupOf(row.kind)
  if (!group) return
  const mode = (await getEmailPreferences(deps, row.userId))[group]
  if (mode === 'diario') return
  if (mode === 'imediato') {
    const to = (await mailRecipients(deps, [row.userId])).get(row.userId)
    if (!to) return
    const mail = await composeMail(
      deps,
      { id: row.userId, ...to },
      truncateAtWord(row.title, 150),
      t('mail.notificationIntro', { nome: to.name }),
      [{ title: row.title, url: row.url }],
      0,
      group,
    )
    await deps.mailer.send(mail)
  }
  await markEmailed(deps, [row.id])
}
