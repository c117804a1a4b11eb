import { t } from '~/i18n/pt-BR'

type Copy = { title: string; body: string }

/**
 * The title and default text of an error page for each status a page can answer. Every 4xx is
 * shown as itself (issue 28 §5): only a status past 499 reads "Algo deu errado". The Remix error
 * boundary and Hono's HTML error page both read it, so the two never disagree. Each message is
 * a literal `t('…')` call, so the browser build carries these strings, not the whole catalogue.
 */
const COPY: Record<number, Copy> = {
  400: { title: t('error.badRequest.title'), body: t('error.badRequest.body') },
  401: { title: t('error.unauthorized.title'), body: t('error.unauthorized.body') },
  403: { title: t('error.forbidden.title'), body: t('error.forbidden.body') },
  404: { title: t('error.notFound.title'), body: t('error.notFound.body') },
  405: { title: t('error.methodNotAllowed.title'), body: t('error.methodNotAllowed.body') },
  409: { title: t('error.conflict.title'), body: t('error.conflict.body') },
  410: { title: t('error.gone.title'), body: t('error.gone.body') },
  413: { title: t('error.tooLarge.title'), body: t('error.tooLarge.body') },
  415: { title: t('error.unsupported.title'), body: t('error.unsupported.body') },
  422: { title: t('error.unprocessable.title'), body: t('error.unprocessable.body') },
  429: { title: t('error.tooMany.title'), body: t('error.tooMany.body') },
}

const CLIENT: Copy = { title: t('error.client.title'), body: t('error.client.body') }
const INTERNAL: Copy = { title: t('error.internal.title'), body: t('error.internal.body') }

/** A status outside 400–599 (never thrown on purpose) is an internal error. */
export function errorStatus(status: unknown): number {
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500
}

export function errorCopy(status: number): Copy {
  if (status >= 500) return INTERNAL
  return COPY[status] ?? CLIENT
}
