import type { Context } from 'hono'
import { cors } from 'hono/cors'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Problem } from '~/api/problem'
import { OPEN_API_DOCS } from '~/api/routes'
import { type MessageKey, t } from '~/i18n/pt-BR'
import type { AppEnv } from '../env'

// The open API's errors, one shape: RFC 9457 problem details (decisions/0063).

/**
 * The open API's own chain start: its errors become problems, browsers on any origin may call it
 * without cookies (the key is the credential), and its answers are never kept by a cache. Only
 * the open API's endpoints, not every path under /api/v2: the site's own older calls there
 * (suggestions, share counts, events, the JSON search) keep the product's `{status, errors}`.
 */
export const openApiAnswers = createMiddleware<AppEnv>(async (c, next) => {
  c.set('problemDetails', true)
  await next()
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store')
})

export const openApiCors = cors({
  origin: '*',
  allowMethods: ['GET', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Content-Type'],
  exposeHeaders: ['Retry-After'],
  credentials: false,
  maxAge: 86400,
})

const TITLED = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429, 500])

/** `fields`: each field's message, as `errors: [{field, message}]`. */
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
