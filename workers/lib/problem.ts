import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { OPEN_API_PREFIX, type Problem } from '~/api/problem'
import { OPEN_API_DOCS, routes } from '~/api/routes'
import { type MessageKey, t } from '~/i18n/pt-BR'
import type { AppEnv } from '../env'

// The open API's errors, one shape: RFC 9457 problem details (decisions/0063).

/**
 * The site's own calls that lived under the prefix before the open API (the share count, the
 * click beacon, the search box's suggestions) keep the site's error shape, `{status, errors}`
 * (decisions/0070).
 */
const SITE_CALLS = new Set<string>([routes.shareRecord.path, routes.trackEvent.path, routes.suggestions.path])

export const isOpenApiPath = (path: string) =>
  !SITE_CALLS.has(path) && (path === OPEN_API_PREFIX || path.startsWith(`${OPEN_API_PREFIX}/`))

const TITLED = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500])

/** `fields`: each field's message, as `errors: [{campo, mensagem}]`. */
export function problem(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  detail: string,
  fields?: Record<string, string>,
) {
  const titled = TITLED.has(status) ? status : status >= 500 ? 500 : 400
  const body: Problem = {
    type: `${c.var.deps.origin}${OPEN_API_DOCS}#erro-${titled}`,
    title: t(`openApi.problem.${titled}` as MessageKey),
    status,
    detail,
    instance: c.req.path.slice(0, 300),
    ...(fields && Object.keys(fields).length
      ? { errors: Object.entries(fields).map(([field, message]) => ({ field, message })) }
      : {}),
  }
  if (status === 429 && !c.res.headers.get('Retry-After')) c.header('Retry-After', '60')
  return c.body(JSON.stringify(body), status, { 'Content-Type': 'application/problem+json; charset=UTF-8' })
}
