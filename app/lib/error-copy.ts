import type { MessageKey } from '~/i18n/pt-BR'

type Copy = { title: MessageKey; body: MessageKey }

/**
 * The title and default text of an error page for each status a page can answer. Every 4xx is
 * shown as itself (issue 28 §5): only a status past 499 reads "Algo deu errado". The Remix error
 * boundary and Hono's HTML error page both read it, so the two never disagree.
 */
const COPY: Record<number, Copy> = {
  400: { title: 'error.badRequest.title', body: 'error.badRequest.body' },
  401: { title: 'error.unauthorized.title', body: 'error.unauthorized.body' },
  403: { title: 'error.forbidden.title', body: 'error.forbidden.body' },
  404: { title: 'error.notFound.title', body: 'error.notFound.body' },
  405: { title: 'error.methodNotAllowed.title', body: 'error.methodNotAllowed.body' },
  409: { title: 'error.conflict.title', body: 'error.conflict.body' },
  410: { title: 'error.gone.title', body: 'error.gone.body' },
  413: { title: 'error.tooLarge.title', body: 'error.tooLarge.body' },
  415: { title: 'error.unsupported.title', body: 'error.unsupported.body' },
  422: { title: 'error.unprocessable.title', body: 'error.unprocessable.body' },
  429: { title: 'error.tooMany.title', body: 'error.tooMany.body' },
}

const CLIENT: Copy = { title: 'error.client.title', body: 'error.client.body' }
const INTERNAL: Copy = { title: 'error.internal.title', body: 'error.internal.body' }

/** A status outside 400–599 (never thrown on purpose) is an internal error. */
export function errorStatus(status: unknown): number {
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500
}

export function errorCopy(status: number): Copy {
  if (status >= 500) return INTERNAL
  return COPY[status] ?? CLIENT
}
