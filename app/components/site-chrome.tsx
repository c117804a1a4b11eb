import { t } from '~/i18n/pt-BR'

/** The page footer; the header lives in components/header. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>{t('site.footer')}</p>
    </footer>
  )
}
