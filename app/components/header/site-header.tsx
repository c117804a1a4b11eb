import { useEffect, useRef, useState } from 'react'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { HEADER_CHECK_INTERVAL_MS, nextHeaderHidden } from '~/lib/header-scroll'
import { bridgeUrl } from '~/lib/paths'
import { SearchForm } from '../search-form'
import { HeaderMenu, LinkList } from './menu'
import { type NavLink, navSections } from './nav-data'
import { NotificationsBox } from './notifications-box'

export type HeaderUser = {
  name: string
  /** The profession title as the user chose it (e.g. 'Advogada'), shown under the name. */
  headline: string
  subdomain: string
  profileUrl: string
  unseen: number
}

/**
 * Spec §2, §4, §9: hides while scrolling down past 65 px, shows on scroll up. On a page the edge
 * keeps, the bootstrap does this until the application arrives (decisions/0056): the hook takes
 * the header over as the bootstrap left it.
 */
function useHideOnScroll(header: { current: HTMLElement | null }, blocked: () => boolean): boolean {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    let lastY = window.scrollY
    let current = !!header.current?.classList.contains('is-hidden')
    if (current) setHidden(true)
    const timer = window.setInterval(() => {
      const y = window.scrollY
      const next = blocked() ? false : nextHeaderHidden(current, lastY, y)
      if (Math.abs(y - lastY) > 5 || next !== current) lastY = y
      if (next !== current) {
        current = next
        setHidden(next)
      }
    }, HEADER_CHECK_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [header, blocked])
  return hidden
}

/**
 * Logout is a POST (a link would let any page log the user out), to the host the page is on: a
 * profile host shares the main host's session (decisions/0023), so ending it here ends both.
 */
function LogoutButton() {
  return (
    <form method="post" action={routes.logOut.path}>
      <button type="submit" className="link-button">
        {t('auth.logout')}
      </button>
    </form>
  )
}

/** The account entries: the user's own pages, or "Entrar" and "Cadastre-se". */
function AccountLinks({ user, links }: { user: HeaderUser; links: NavLink[] }) {
  return (
    <ul className="link-list">
      <li>
        <a href={user.profileUrl}>{t('header.myProfile')}</a>
      </li>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
      <li>
        <LogoutButton />
      </li>
    </ul>
  )
}

function AuthLinks({
  mainOrigin,
  loginHref,
  className,
}: {
  mainOrigin: string
  loginHref: string
  className: string
}) {
  return (
    <nav className={className} aria-label={t('header.account')}>
      <a href={loginHref}>{t('auth.loginTitle')}</a>
      <a className="button button--small" href={`${mainOrigin}/cadastrar`}>
        {t('auth.signupLink')}
      </a>
    </nav>
  )
}

/** A collapsible side-menu section; sections without entries are left out. */
function SideSection({ label, links, open }: { label: string; links: NavLink[]; open?: boolean }) {
  if (links.length === 0) return null
  return (
    <details open={open}>
      <summary>{label}</summary>
      <LinkList links={links} label={label} />
    </details>
  )
}

export function SiteHeader({
  mainOrigin,
  user,
  onProfileHost = false,
}: {
  mainOrigin: string
  user: HeaderUser | null
  /** A profile host logs in through the session bridge and comes back (decisions/0023). */
  onProfileHost?: boolean
}) {
  const loginHref = onProfileHost ? bridgeUrl('/') : `${mainOrigin}/login`
  const ref = useRef<HTMLElement>(null)
  const nav = navSections(mainOrigin)
  // Never hide while a menu is open or focus is inside the header (keyboard users).
  const blocked = useRef(
    () =>
      !!ref.current?.querySelector('details.header-menu[open], details.side-menu[open]') ||
      !!ref.current?.contains(document.activeElement),
  ).current
  const hidden = useHideOnScroll(ref, blocked)

  return (
    <header ref={ref} className={`site-header${hidden ? ' is-hidden' : ''}`} data-hidden={hidden}>
      <div className="site-header__inner">
        <details className="side-menu">
          <summary className="side-menu__toggle">
            <span className="icon-menu" aria-hidden="true" />
            {t('header.menu')}
          </summary>
          <div className="side-menu__panel">
            {/* Phones have no room for the account links in the bar: they lead the side menu. */}
            {user ? (
              <nav className="side-menu__account" aria-label={t('header.account')}>
                <p className="side-menu__user">
                  <strong>{user.name}</strong>
                  {user.headline ? <span className="muted">{user.headline}</span> : null}
                </p>
                <AccountLinks user={user} links={nav.account} />
              </nav>
            ) : (
              <AuthLinks
                mainOrigin={mainOrigin}
                loginHref={loginHref}
                className="side-menu__account side-menu__auth"
              />
            )}
            <nav aria-label={t('header.mainNav')}>
              <SideSection label={t('header.searchBy')} links={nav.searchBy} open />
              <SideSection label={t('header.solutions')} links={nav.solutions} />
              <SideSection label={t('header.companies')} links={nav.companies} />
              <SideSection label={t('header.systems')} links={nav.systems} />
            </nav>
          </div>
        </details>

        <a className="brand" href={`${mainOrigin}/`}>
          {t('site.name')}
        </a>

        <nav className="main-nav" aria-label={t('header.mainNav')}>
          <HeaderMenu label={t('header.searchBy')}>
            <LinkList links={nav.searchBy} label={t('header.searchBy')} />
          </HeaderMenu>
          {nav.solutions.length > 0 ? (
            <HeaderMenu label={t('header.solutions')}>
              <LinkList links={nav.solutions} label={t('header.solutions')} />
            </HeaderMenu>
          ) : null}
          <HeaderMenu label={t('header.search')} className="header-search">
            <SearchForm mainOrigin={mainOrigin} id="cabecalho-busca" />
          </HeaderMenu>
          {nav.companies.length > 0 ? (
            <HeaderMenu label={t('header.companies')}>
              <LinkList links={nav.companies} label={t('header.companies')} />
            </HeaderMenu>
          ) : null}
        </nav>

        <div className="header-tools">
          <HeaderMenu label={t('header.systems')} className="systems">
            <ul className="systems__grid" aria-label={t('header.systems')}>
              {nav.systems.map((link) => (
                <li key={link.label}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </HeaderMenu>
          {user ? (
            <>
              <NotificationsBox initialUnseen={user.unseen} mainOrigin={mainOrigin} />
              <nav className="user-menu" aria-label={t('header.userMenu')} data-user-menu="">
                <HeaderMenu label={user.name} className="user-menu__menu">
                  {user.headline ? <p className="user-menu__headline muted">{user.headline}</p> : null}
                  <AccountLinks user={user} links={nav.account} />
                </HeaderMenu>
              </nav>
            </>
          ) : (
            <AuthLinks mainOrigin={mainOrigin} loginHref={loginHref} className="auth-links" />
          )}
        </div>
      </div>
    </header>
  )
}
