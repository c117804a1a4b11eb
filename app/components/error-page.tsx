import { t } from '~/i18n/pt-BR'
import { errorCopy } from '~/lib/error-copy'

/**
 * The error page of every status (4xx as itself, decisions/0059). `message` is the reason the
 * server gave (a DomainError's Portuguese text); without one, the status's own explanation.
 */
export function ErrorPage({
  status,
  mainOrigin,
  profile = false,
  reviewers = false,
  requestId,
  message,
}: {
  status: number
  mainOrigin: string
  profile?: boolean
  /** A 403 from the reviewers' guard (decisions/0048): says whom the page is for. */
  reviewers?: boolean
  requestId?: string
  message?: string
}) {
  const copy = errorCopy(status)
  const fallback =
    status === 404 && profile
      ? t('error.profileNotFound.body')
      : status === 403 && reviewers
        ? t('error.forbiddenRole.body')
        : copy.body
  return (
    <section className="error-page" aria-labelledby="erro-titulo">
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <h1 id="erro-titulo">{copy.title}</h1>
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
