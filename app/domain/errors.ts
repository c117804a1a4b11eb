import { type MessageKey, t } from '~/i18n/pt-BR'

/**
 * A rule of the product was broken by the caller's input. Carries a pt-BR message and an HTTP
 * status; adapters (Hono's onError, Remix loaders) turn it into the user-facing answer.
 */
export class DomainError extends Error {
  readonly key: MessageKey
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429
  /** The form field the rule is about, so the message also shows under that field. */
  readonly field?: string
  /**
   * The `status` field of the JSON answer: 'error' for bad input; 'fail' where the spec reads it
   * for a refused action (§6: unfollowing the community of one's own profession or course).
   */
  readonly answer: 'error' | 'fail'

  constructor(
    key: MessageKey,
    status: DomainError['status'] = 422,
    options: { field?: string; answer?: 'error' | 'fail' } = {},
  ) {
    super(t(key))
    this.name = 'DomainError'
    this.key = key
    this.status = status
    this.field = options.field
    this.answer = options.answer ?? 'error'
  }
}

/**
 * A DomainError from any copy of this module. The Remix build bundles its own copy of the app, so
 * the Worker's loader wrapper (workers/remix.ts) cannot rely on `instanceof` alone.
 */
export function isDomainError(error: unknown): error is DomainError {
  if (error instanceof DomainError) return true
  return (
    error instanceof Error &&
    error.name === 'DomainError' &&
    typeof (error as Partial<DomainError>).status === 'number' &&
    typeof (error as Partial<DomainError>).key === 'string'
  )
}
