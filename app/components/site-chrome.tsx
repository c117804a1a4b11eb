import { t } from '~/i18n/pt-BR'

/**
 * The page frame. Links are absolute to the main origin so they also work from a profile
 * subdomain. The interface-shell issue replaces this header with the full one (menus,
 * notifications, side menu); the user menu's presence stays the "logged in" signal (spec §4).
 */
export function SiteHeader({
  mainOrigin,
  user,
}: {
  mainOrigin: string
  user: { name: string; subdomain: string } | null
}) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="brand" href={`${mainOrigin}/`}>
          {t('site.name')}
        </a>
        {user ? (
          <nav className="user-menu" aria-label={t('header.userMenu')} data-user-menu="">
            <span className="user-menu__name">{user.name}</span>
          </nav>
        ) : null}
      </div>
    </header>
  )
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>{t('site.footer')}</p>
    </footer>
  )
}
