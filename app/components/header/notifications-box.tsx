import { useEffect, useRef, useState } from 'react'
import type { OutputOf } from '~/api/endpoint'
import type { Endpoints } from '~/api/endpoints'
import { routes } from '~/api/routes'
import { notificationHref } from '~/domain/notifications/links'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { call } from '~/ui/call'
import { markNotificationRead, READ_ALL_EVENT, UNSEEN_EVENT } from '~/ui/notification-read'
import { HeaderMenu } from './menu'

type Item = OutputOf<Endpoints['notifications']>['items'][number]

/**
 * Only links to our own hosts become an href, whatever the server sent (never `javascript:`).
 * A path belongs to the main site: the box also opens on profile hosts, where it must not resolve
 * against the profile's host.
 */
function hrefOf(url: string | null, mainOrigin: string): string | null {
  if (!url || !mainOrigin || !URL.canParse(mainOrigin)) return null
  const href = notificationHref(url, new URL(mainOrigin).host)
  return href?.startsWith('/') ? `${mainOrigin}${href}` : href
}

/** At most one count request per this gap, however often the tab is switched. */
const REFRESH_GAP_MS = 15_000

function badgeLabel(n: number): string {
  return plural(n, t('header.notificationsUnseen.one'), t('header.notificationsUnseen.many', { n }))
}

/**
 * The header's notifications box (spec §4, §7). The badge count comes from the server, so it
 * shows before JavaScript. Opening the box loads the list and marks everything as viewed.
 */
export function NotificationsBox({
  initialUnseen,
  mainOrigin,
}: {
  initialUnseen: number
  mainOrigin: string
}) {
  const [unseen, setUnseen] = useState(initialUnseen)
  const [items, setItems] = useState<Item[] | null>(null)
  const [failed, setFailed] = useState(false)
  const lastCheck = useRef(0)

  // The server's count is the truth: a revalidation after any action (a form on the page, a
  // navigation) brings a new one, which replaces what this box last knew.
  useEffect(() => setUnseen(initialUnseen), [initialUnseen])

  // An action that changed the count without a revalidation says the new one at once.
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const next = (event as CustomEvent<{ unseen?: unknown }>).detail?.unseen
      if (typeof next === 'number') setUnseen(next)
    }
    window.addEventListener(UNSEEN_EVENT, onAnnounce)
    return () => window.removeEventListener(UNSEEN_EVENT, onAnnounce)
  }, [])

  // The badge is refreshed when the tab comes back into view (one cheap count), never by polling.
  useEffect(() => {
    const refresh = async () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck.current < REFRESH_GAP_MS) return
      lastCheck.current = Date.now()
      // Offline for a moment, or a refusal: the badge keeps its last count.
      const outcome = await call(routes.notificationsCount, {})
      if (outcome.ok) setUnseen(outcome.body.naoVistas)
    }
    document.addEventListener('visibilitychange', refresh)
    window.addEventListener('focus', refresh)
    return () => {
      document.removeEventListener('visibilitychange', refresh)
      window.removeEventListener('focus', refresh)
    }
  }, [])

  const load = async () => {
    const outcome = await call(routes.notifications, {})
    if (!outcome.ok) {
      setFailed(true)
      return
    }
    setItems(outcome.body.items)
    setFailed(false)
    if (unseen > 0) {
      await call(routes.notificationsViewAll, {})
      setUnseen(0)
    }
  }

  const readAll = async () => {
    if (!(await call(routes.notificationsReadAll, {})).ok) return
    setItems((current) => current?.map((item) => ({ ...item, read: true, viewed: true })) ?? null)
    setUnseen(0)
    // A page showing the list (`/notificacoes`) reloads it, so the two agree.
    window.dispatchEvent(new CustomEvent(READ_ALL_EVENT))
  }

  return (
    <HeaderMenu
      label={t('header.notifications')}
      className="notifications"
      onToggle={(open) => {
        if (open) void load()
      }}
      summary={
        <>
          <span className="icon-bell" aria-hidden="true" />
          <span className="visually-hidden">{t('header.notifications')}</span>
          {unseen > 0 ? (
            <>
              <span className="badge" data-badge="" aria-hidden="true">
                {unseen > 99 ? '99+' : unseen}
              </span>
              <span className="visually-hidden">{badgeLabel(unseen)}</span>
            </>
          ) : null}
        </>
      }
    >
      <div className="notifications__head">
        <h2 className="notifications__title">{t('header.notifications')}</h2>
        {items?.some((item) => !item.read) ? (
          <button type="button" className="link-button" onClick={readAll}>
            {t('header.notificationsReadAll')}
          </button>
        ) : null}
      </div>
      {failed ? <p className="muted">{t('header.notificationsError')}</p> : null}
      {items === null && !failed ? <p className="muted">{t('ui.loading')}</p> : null}
      {items && items.length === 0 ? <p className="muted">{t('header.notificationsEmpty')}</p> : null}
      {items && items.length > 0 ? (
        <ul className="notifications__list">
          {items.map((item) => (
            <li key={item.id} className={item.read ? 'is-read' : 'is-unread'} data-read={item.read}>
              {hrefOf(item.url, mainOrigin) ? (
                <a
                  href={hrefOf(item.url, mainOrigin) ?? undefined}
                  onClick={() => item.read || markNotificationRead(item.id)}
                >
                  {item.title}
                </a>
              ) : (
                <span>{item.title}</span>
              )}
              <time dateTime={new Date(item.createdAt).toISOString()}>{formatInstant(item.createdAt)}</time>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="notifications__more">
        <a href={`${mainOrigin}/notificacoes`}>{t('notifications.seeAll')}</a>
      </p>
    </HeaderMenu>
  )
}
