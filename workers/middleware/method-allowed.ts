import type { MiddlewareHandler } from 'hono'
import type { AnyEndpoint } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { OPEN_API_BASE, OPEN_API_DOCS, OPEN_API_DOCUMENT } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import type { AppEnv } from '../env'
import { errorBody } from '../lib/errors'
import { problem } from '../lib/problem'

// RFC 9110 §15.5.6: a method a path does not answer is a 405 with `Allow`, for every path under
// /api/v2 (issue 38: a POST to the open API answered the CSRF check's 403). It runs before that
// check, so nobody is told "origin not allowed" for a call that could never be answered.

type PathMethods = { pattern: RegExp; methods: Set<string>; open: boolean }

const compile = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`)

function pathsUnderApiV2(): PathMethods[] {
  const byPath = new Map<string, PathMethods>()
  const add = (path: string, method: string, open: boolean) => {
    const known = byPath.get(path) ?? { pattern: compile(path), methods: new Set<string>(), open }
    known.methods.add(method)
    // HEAD with every GET; OPTIONS where browsers of any origin may call (CORS preflight).
    if (method === 'GET') known.methods.add('HEAD')
    if (open) known.methods.add('OPTIONS')
    known.open ||= open
    byPath.set(path, known)
  }
  for (const def of Object.values(endpoints) as AnyEndpoint[])
    if (def.path.startsWith(`${OPEN_API_BASE}/`)) add(def.path, def.method.toUpperCase(), def.public)
  add(OPEN_API_DOCUMENT, 'GET', true)
  add(OPEN_API_DOCS, 'GET', false)
  return [...byPath.values()]
}

let known: PathMethods[] | null = null
const ORDER = ['GET', 'HEAD', 'POST', 'OPTIONS']

export function methodAllowed(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.path.startsWith(`${OPEN_API_BASE}/`)) return next()
    known ??= pathsUnderApiV2()
    // A path may match several declarations (`/busca/sugestoes` is also `/busca/:categoria`).
    const matching = known.filter((entry) => entry.pattern.test(c.req.path))
    if (!matching.length) return next() // an unknown path: its 404
    const allowed = new Set(matching.flatMap((entry) => [...entry.methods]))
    if (allowed.has(c.req.method)) return next()
    const list = ORDER.filter((method) => allowed.has(method)).join(', ')
    c.header('Allow', list)
    const message = t('api.methodNotAccepted', { metodo: c.req.method.slice(0, 20), aceitos: list })
    // The open API answers problems (decisions/0063); the site's own calls there keep their shape.
    if (matching.some((entry) => entry.open)) return problem(c, 405, message)
    return c.json(errorBody([message]), 405)
  }
}
