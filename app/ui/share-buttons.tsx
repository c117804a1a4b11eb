import { useEffect, useState } from 'react'
import { routes } from '~/api/routes'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import type { ShareNetwork } from '~/schemas/shares'
import { call } from '~/ui/call'
import { notify } from './toast'

type LinkNetwork = Exclude<ShareNetwork, 'copiar' | 'nativo'>

/** Share URLs of each network (opened in a new tab; no third-party script on the page). */
export function shareHref(network: LinkNetwork, url: string, title: string): string {
  const u = encodeURIComponent(url)
  const text = encodeURIComponent(title)
  switch (network) {
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`
    case 'x':
      return `https://twitter.com/intent/tweet?url=${u}&text=${text}`
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${text}`
  }
}

const NETWORKS: { network: LinkNetwork; label: string; short: string }[] = [
  { network: 'whatsapp', label: t('share.whatsapp'), short: 'WhatsApp' },
  { network: 'linkedin', label: t('share.linkedin'), short: 'LinkedIn' },
  { network: 'x', label: t('share.x'), short: 'X' },
  { network: 'facebook', label: t('share.facebook'), short: 'Facebook' },
  { network: 'telegram', label: t('share.telegram'), short: 'Telegram' },
]

function countText(n: number): string {
  return plural(n, t('share.count.one'), t('share.count.many', { n }))
}

/** Share buttons with the product's own count (spec §1, §2). Links work without JavaScript. */
export function ShareButtons({
  url,
  title,
  initialCount,
}: {
  url: string
  title: string
  initialCount: number
}) {
  const [count, setCount] = useState(initialCount)
  const [canShareNatively, setCanShareNatively] = useState(false)
  useEffect(() => setCanShareNatively(typeof navigator.share === 'function'), [])

  const record = (rede: ShareNetwork) => {
    setCount((n) => n + 1)
    void call(routes.shareRecord, { url, rede }).then((outcome) => {
      if (outcome.ok) setCount(outcome.body.total)
    })
  }

  return (
    <section className="share" aria-label={t('share.label')}>
      <ul className="share__list">
        {NETWORKS.map(({ network, label, short }) => (
          <li key={network}>
            <a
              className={`share__button share__button--${network}`}
              href={shareHref(network, url, title)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              data-share={network}
              onClick={() => record(network)}
            >
              {short}
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="share__button"
            data-share="copiar"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(url)
                notify.notice(t('share.copied'))
                record('copiar')
              } catch {
                notify.error(t('form.internalError'))
              }
            }}
          >
            {t('share.copy')}
          </button>
        </li>
        {canShareNatively ? (
          <li>
            <button
              type="button"
              className="share__button"
              data-share="nativo"
              onClick={async () => {
                try {
                  await navigator.share({ url, title })
                  record('nativo')
                } catch {
                  // The person closed the share sheet: nothing to count.
                }
              }}
            >
              {t('share.native')}
            </button>
          </li>
        ) : null}
      </ul>
      <p className="share__count" aria-live="polite" data-share-count={count}>
        {countText(count)}
      </p>
    </section>
  )
}
