import { t } from '~/i18n/pt-BR'

/**
 * The page footer; the header lives in components/header. Its links name the main site, so they
 * work on profile hosts too.
 */
export function SiteFooter({ mainOrigin }: { mainOrigin: string }) {
  return (
    <footer className="site-footer">
      <p>{t('site.footer')}</p>
      <p>
        <a href={`${mainOrigin}/cobertura`}>{t('coverage.link')}</a>
      </p>
    </footer>
  )
}
