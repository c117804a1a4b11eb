import { useEffect, useRef, useState } from 'react'
import { t } from '~/i18n/pt-BR'
import { HEADER_CHECK_INTERVAL_MS, nextHeaderHidden } from '~/lib/header-scroll'
import { SearchForm } from '../search-form'
import { HeaderMenu, LinkList } from './menu'
import { navSections } from './nav-data'
import { NotificationsBox } from './notifications-box'

export type HeaderUser = { name: string; subdomain: string; profileUrl: string; unseen: number }

/** Spec §2, §4, §9: hides while scrolling down past 65 px, shows on scroll up. */
function useHideOnScroll(blocked: () => boolean): boolean {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    let lastY = window.scrollY
    let current = false
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
  }, [blocked])
  return hidden
}

export function SiteHeader({ mainOrigin, user }: { mainOrigin: string; user: HeaderUser | null }) {
  const ref = useRef<HTMLElement>(null)
  const nav = navSections(mainOrigin)
  // Never hide while a menu is open or focus is inside the header (keyboard users).
  const blocked = useRef(
    () =>
      !!ref.current?.querySelector('details.header-menu[open], details.side-menu[open]') ||
      !!ref.current?.contains(document.activeElement),
  ).current
  const hidden = useHideOnScroll(blocked)

  return (
    <header ref={ref} className={`site-header${hidden ? ' is-hidden' : ''}`} data-hidden={hidden}>
      <div className="site-header__inner">
        <details className="side-menu">
          <summary className="side-menu__toggle">
            <span className="icon-menu" aria-hidden="true" />
            {t('header.menu')}
          </summary>
          <nav className="side-menu__panel" aria-label={t('header.mainNav')}>
            <details open>
              <summary>{t('header.searchBy')}</summary>
              <LinkList links={nav.searchBy} label={t('header.searchBy')} />
            </details>
            <details>
              <summary>{t('header.solutions')}</summary>
              <LinkList links={nav.solutions} label={t('header.solutions')} />
            </details>
            <details>
              <summary>{t('header.companies')}</summary>
              <LinkList links={nav.companies} label={t('header.companies')} />
            </details>
            <details>
              <summary>{t('header.systems')}</summary>
              <LinkList links={nav.systems} label={t('header.systems')} />
            </details>
          </nav>
        </details>

        <a className="brand" href={`${mainOrigin}/`}>
          {t('site.name')}
        </a>

        <nav className="main-nav" aria-label={t('header.mainNav')}>
          <HeaderMenu label={t('header.searchBy')}>
            <LinkList links={nav.searchBy} label={t('header.searchBy')} />
          </HeaderMenu>
          <HeaderMenu label={t('header.solutions')}>
            <LinkList links={nav.solutions} label={t('header.solutions')} />
          </HeaderMenu>
          <HeaderMenu label={t('header.search')} className="header-search">
            <SearchForm mainOrigin={mainOrigin} id="cabecalho-busca" />
          </HeaderMenu>
          <HeaderMenu label={t('header.companies')}>
            <LinkList links={nav.companies} label={t('header.companies')} />
          </HeaderMenu>
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
                  <ul className="link-list">
                    <li>
                      <a href={user.profileUrl}>{t('header.myProfile')}</a>
                    </li>
                    <li>
                      <a href={`${mainOrigin}/conta/perfil`}>{t('header.editProfile')}</a>
                    </li>
                    <li>
                      <a href={`${mainOrigin}/conta/mensagens`}>{t('header.messages')}</a>
                    </li>
                    <li>
                      <a href={`${mainOrigin}/monitoramentos`}>{t('header.solutions.lawsuits')}</a>
                    </li>
                    <li>
                      <a href={`${mainOrigin}/conta/senha`}>{t('auth.passwordTitle')}</a>
                    </li>
                    <li>
                      <form method="post" action={`${mainOrigin}/logout`}>
                        <button type="submit" className="link-button">
                          {t('auth.logout')}
                        </button>
                      </form>
                    </li>
                  </ul>
                </HeaderMenu>
              </nav>
            </>
          ) : (
            <nav className="auth-links" aria-label={t('auth.loginTitle')}>
              <a href={`${mainOrigin}/login`}>{t('auth.loginTitle')}</a>
              <a className="button button--small" href={`${mainOrigin}/cadastrar`}>
                {t('auth.signupLink')}
              </a>
            </nav>
          )}
        </div>
      </div>
    </header>
  )
}
