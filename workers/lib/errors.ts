import type { Context, ErrorHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { DomainError } from '~/domain/errors'
import { t } from '~/i18n/pt-BR'
import { errorCopy } from '~/lib/error-copy'
import type { AppEnv } from '../env'
import { fieldMessages, InvalidInput } from './input'
import { problem } from './problem'
import { formPostFailure } from './respond'

/** The product's generic form-action error body (spec §3, §8). */
export function errorBody(errors: string[]) {
  return { status: 'error' as const, errors }
}

function wantsHtml(c: Context<AppEnv>): boolean {
  return (c.req.header('accept') ?? '').includes('text/html')
}

function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p><p><a href="/">${t('error.backHome')}</a></p></main></body></html>`
}

/** Refusals a security review wants to see (docs/security.md, "What is logged"). */
const PASSWORD_FAILURES = new Set(['auth.invalidCredentials', 'auth.wrongPassword', 'merge.badCredentials'])

export function securityEventOf(err: DomainError): string | null {
  if (PASSWORD_FAILURES.has(err.key)) return 'senha-incorreta'
  if (err.status === 401) return 'sem-sessao'
  if (err.status === 403) return 'acesso-negado'
  if (err.status === 429) return 'limite-excedido'
  return null
}

/**
 * One JSON line per refused login, password check, access or rate limit: who (account id, never
 * the address typed or the IP, which Cloudflare's own request log keeps), what (the catalogue key)
 * and where (method and path, no query). Workers Logs keep it; nothing here can fail a request.
 */
function logSecurityEvent(c: Context<AppEnv>, err: DomainError) {
  const event = securityEventOf(err)
  if (!event) return
  console.warn(
    JSON.stringify({
      security: event,
      key: err.key,
      requestId: c.var.requestId,
      method: c.req.method,
      path: c.req.path.slice(0, 200),
      user: c.var.viewer?.id ?? null,
    }),
  )
}

/**
 * The single error handler of the Hono app. Expected errors keep their 4xx and Portuguese
 * message; anything else is logged with the request id and answered with a generic 500.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  // The open API answers every error as problem details (decisions/0063).
  const open = c.var.problemDetails === true
  if (err instanceof DomainError) {
    logSecurityEvent(c, err)
    if (open)
      return problem(
        c,
        err.status,
        err instanceof InvalidInput ? err.messages.join(' ') : err.message,
        fieldMessages(err),
      )
    const page = formPostFailure(c, err)
    if (page) return page
    if (wantsHtml(c)) {
      // The status's own title, the reason as the text (as the Remix error page does).
      return c.html(htmlPage(errorCopy(err.status).title, err.message), err.status)
    }
    const body = {
      ...errorBody(err instanceof InvalidInput ? err.messages : [err.message]),
      status: c.var.failureStatus ?? err.answer,
    }
    const fields = fieldMessages(err)
    // `message` for the login/signup scripts (spec §8), `fields` to show each under its input.
    return c.json({ ...body, message: body.errors[0], ...(fields ? { fields } : {}) }, err.status)
  }
  if (err instanceof HTTPException) {
    // Hono's own 4xx (e.g. a malformed body): keep the status, never its English text.
    const status = Math.min(err.status, 500) as ContentfulStatusCode
    if (open) return problem(c, status, t(status === 500 ? 'form.internalError' : 'api.invalidInput'))
    return c.json(errorBody([t(status === 500 ? 'form.internalError' : 'api.invalidInput')]), status)
  }
  console.error(
    JSON.stringify({
      requestId: c.var.requestId,
      path: c.req.path,
      error: String(err),
      // Drizzle wraps the database's own error ("Failed query: …"); the reason is its cause.
      cause: (err as Error).cause === undefined ? undefined : String((err as Error).cause),
      stack: (err as Error).stack,
    }),
  )
  if (open)
    return problem(c, 500, `${t('form.internalError')} ${t('error.requestId', { id: c.var.requestId })}`)
  if (wantsHtml(c)) {
    return c.html(
      htmlPage(
        t('error.internal.title'),
        `${t('error.internal.body')} ${t('error.requestId', { id: c.var.requestId })}`,
      ),
      500,
    )
  }
  return c.json(errorBody([t('form.internalError')]), 500)
}
