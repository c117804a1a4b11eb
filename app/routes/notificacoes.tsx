import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { routes } from '~/api/routes'
import { listNotificationPage } from '~/domain/notifications/inbox.server'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { seo } from '~/lib/seo'
import { z } from '~/schemas/zod'
import { requireUser } from '~/server/guards.server'
import { ActionForm } from '~/ui/form-action'
import {
  announceUnseen,
  markAllViewedNow,
  markNotificationRead,
  READ_ALL_EVENT,
} from '~/ui/notification-read'
import { SubmitButton } from '~/ui/submit-button'

/** `/notificacoes`: the whole list, 20 a page, `?filtro=nao-lidas` for the unread ones. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const url = new URL(request.url)
  const unreadOnly = url.searchParams.get('filtro') === 'nao-lidas'
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(url.searchParams.get('page'))) || 1))
  const list = await listNotificationPage(context.deps, user.id, context.cloudflare.env.BASE_DOMAIN, {
    page,
    unreadOnly,
  })
  return { ...list, page, unreadOnly }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('notifications.title'), description: t('notifications.description') }),
  { name: 'robots', content: 'noindex' },
]

function href(unreadOnly: boolean, page = 1): string {
  const params = new URLSearchParams()
  if (unreadOnly) params.set('filtro', 'nao-lidas')
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return `/notificacoes${query ? `?${query}` : ''}`
}

const noFields = z.object({})

export default function NotificationsPage() {
  const { items, hasNext, unread, page, unreadOnly } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const unseenShown = items.some((item) => !item.viewed)
  // Reading the list is seeing it (as opening the header box is): the badge goes with it.
  useEffect(() => {
    if (unseenShown) void markAllViewedNow()
  }, [unseenShown])
  // "Marcar todas como lidas" in the header box: this list reloads to agree with it.
  useEffect(() => {
    const reload = () => revalidator.revalidate()
    window.addEventListener(READ_ALL_EVENT, reload)
    return () => window.removeEventListener(READ_ALL_EVENT, reload)
  }, [revalidator])
  return (
    <section className="page page--narrow notifications-page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('notifications.title')}</h1>
      <div className="notifications-page__bar">
        <nav aria-label={t('notifications.filter')} className="article-tabs">
          <ul>
            <li>
              <a href={href(false)} aria-current={unreadOnly ? undefined : 'page'}>
                {t('notifications.all')}
              </a>
            </li>
            <li>
              <a href={href(true)} aria-current={unreadOnly ? 'page' : undefined}>
                {t('notifications.unreadCount', { n: unread >= 1000 ? '1000+' : unread })}
              </a>
            </li>
          </ul>
        </nav>
        {unread > 0 ? (
          <ActionForm
            endpoint={routes.notificationsReadAll}
            schema={noFields}
            successMessage={t('notification.allRead')}
            onSuccess={() => {
              announceUnseen(0)
              revalidator.revalidate()
            }}
          >
            {({ submitting }) => (
              <SubmitButton submitting={submitting} className="button--secondary button--small">
                {t('notifications.readAll')}
              </SubmitButton>
            )}
          </ActionForm>
        ) : null}
      </div>
      {items.length ? (
        <ul className="notifications__list notifications-page__list">
          {items.map((item) => (
            <li key={item.id} className={item.read ? 'is-read' : 'is-unread'} data-read={item.read}>
              {item.url ? (
                <a href={item.url} onClick={() => item.read || markNotificationRead(item.id)}>
                  {item.title}
                </a>
              ) : (
                <span>{item.title}</span>
              )}
              <span className="notifications-page__meta">
                <time dateTime={new Date(item.createdAt).toISOString()}>{formatInstant(item.createdAt)}</time>
                {item.read ? null : (
                  <span className="notifications-page__unread">{t('notifications.unreadMark')}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : page > 1 ? (
        <p>
          {t('notifications.pageEmpty')} <a href={href(unreadOnly)}>{t('notifications.firstPage')}</a>
        </p>
      ) : (
        <p className="muted">{unreadOnly ? t('notifications.emptyUnread') : t('notifications.empty')}</p>
      )}
      {page > 1 || hasNext ? (
        <nav className="article-pages" aria-label={t('notifications.pages')}>
          {page > 1 ? <a href={href(unreadOnly, page - 1)}>{t('notifications.newer')}</a> : null}
          {hasNext ? <a href={href(unreadOnly, page + 1)}>{t('notifications.next')}</a> : null}
        </nav>
      ) : null}
    </section>
  )
}
