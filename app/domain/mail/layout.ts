import { t } from '~/i18n/pt-BR'
import { escapeHtml } from '~/lib/html'

/**
 * The one look of the site's e-mails: an intro, a button with its link spelled out, a footer and
 * the signature. Here, below the areas that send mail (auth, claims, removal), so none of them
 * imports another for it.
 */
export function layout(
  intro: string,
  button: string,
  link: string,
  footer: string = t('mail.ignore'),
): { text: string; html: string } {
  const site = t('site.name')
  const text = `${intro}\n\n${link}\n\n${footer}\n\n${t('mail.signature', { site })}`
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1c1c">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
<p>${escapeHtml(t('mail.signature', { site }))}</p>
</body></html>`
  return { text, html }
}
