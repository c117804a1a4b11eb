import { t } from '~/i18n/pt-BR'

export function ErrorPage({
  status,
  mainOrigin,
  profile = false,
  requestId,
  message,
}: {
  status: 400 | 403 | 404 | 500
  mainOrigin: string
  profile?: boolean
  requestId?: string
  message?: string
}) {
  const title =
    status === 404
      ? t('error.notFound.title')
      : status === 400
        ? t('error.badRequest.title')
        : status === 403
          ? t('error.forbidden.title')
          : t('error.internal.title')
  const fallback =
    status === 404
      ? t(profile ? 'error.profileNotFound.body' : 'error.notFound.body')
      : status === 403
        ? t('error.forbidden.body')
        : t('error.internal.body')
  return (
    <section className="error-page" aria-labelledby="erro-titulo">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1 id="erro-titulo">{title}</h1>
      <p>{message ?? fallback}</p>
      {requestId ? <p className="muted">{t('error.requestId', { id: requestId })}</p> : null}
      <p>
        <a className="button" href={`${mainOrigin}/`}>
          {t('error.backHome')}
        </a>
      </p>
    </section>
  )
}
