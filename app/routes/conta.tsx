import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { NavLink, Outlet, type ShouldRevalidateFunction, useLoaderData } from '@remix-run/react'
import { countUnreadMessages } from '~/domain/profiles/messages.server'
import { isProfileHost, profileOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { throughBridge } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { requireUser } from '~/server/guards.server'

/**
 * The account area on the main host: edit profile in tabbed sections (spec §2). Each tab is a
 * child route; the tabs are links, so they work before JavaScript and the URL names the tab.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const onMessages = new URL(request.url).pathname.startsWith('/conta/mensagens')
  const base = context.cloudflare.env.BASE_DOMAIN
  return {
    name: user.name,
    // Through the profile host's session bridge: it opens logged in (decisions/0054).
    profileUrl: throughBridge(profileOrigin(user.subdomain, base), (host) => isProfileHost(host, base)),
    // The messages tab marks them read as it opens: no stale count beside it.
    unread: onMessages ? 0 : await countUnreadMessages(context.deps, user.id),
  }
}

// Saving a tab or reading messages changes what the layout shows (name, unread count).
export const shouldRevalidate: ShouldRevalidateFunction = () => true

export const meta: MetaFunction = () => [
  ...seo({ title: t('account.title') }),
  { name: 'robots', content: 'noindex' },
]

const TABS = [
  { to: '/conta/perfil', label: t('account.tab.profile') },
  { to: '/conta/profissao', label: t('account.tab.profession') },
  { to: '/conta/foto', label: t('account.tab.photo') },
  { to: '/conta/senha', label: t('account.tab.password') },
  { to: '/conta/mensagens', label: t('account.tab.messages') },
  { to: '/conta/seguindo', label: t('account.tab.following') },
  { to: '/conta/notificacoes', label: t('account.tab.notifications') },
  { to: '/conta/unir', label: t('account.tab.merge') },
  { to: '/conta/api', label: t('apiKeys.tab') },
] as const

export default function AccountLayout() {
  const { unread, profileUrl } = useLoaderData<typeof loader>()
  return (
    <div className="account">
      <h1>{t('account.title')}</h1>
      <p>
        <a href={profileUrl}>{t('account.viewProfile')}</a>
      </p>
      <nav aria-label={t('account.tabs')}>
        <ul className="account-tabs">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} prefetch="intent">
                {tab.to === '/conta/mensagens' && unread > 0
                  ? t('account.tab.messagesUnread', { n: unread })
                  : tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
