import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit as honoBodyLimit } from 'hono/body-limit'
import { type AnyEndpoint, DEFAULT_MAX_BODY } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { DomainError } from '~/domain/errors'
import type { AppEnv } from '../env'
import { onError } from '../lib/errors'

// Every request's body is counted while it streams, before anything else reads it (decisions/0091):
// past its route's cap the reading stops and the answer is a 413. `Content-Length` alone proved
// nothing (a chunked body has none), and a body read whole before its size is judged costs the
// memory the cap is there to save (an isolate has 128 MB). Hono's `bodyLimit` counts; the cap and
// the words come from the endpoint registry.

type Cap = { method: string; pattern: RegExp; def: AnyEndpoint }

const caps: Cap[] = Object.values(endpoints as Record<string, AnyEndpoint>).map((def) => ({
  method: def.method.toUpperCase(),
  pattern: new RegExp(
    `^${def.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`,
  ),
  def,
}))

/** The endpoint of the registry a request is for, if any: its cap, else the small default. */
export function bodyCapFor(method: string, path: string): { max: number; def?: AnyEndpoint } {
  let found: AnyEndpoint | undefined
  for (const cap of caps)
    if (cap.method === method && cap.pattern.test(path) && (cap.def.maxBody ?? 0) >= (found?.maxBody ?? 0))
      found = cap.def
  return { max: found?.maxBody ?? DEFAULT_MAX_BODY, def: found }
}

/** The refusal at the cap: the endpoint's own words (the document's 5 MB), else the generic one. */
function tooLarge(def: AnyEndpoint | undefined): DomainError {
  const own = def?.maxBodyError
  return own
    ? new DomainError(own.message, 413, own.field ? { field: own.field } : {})
    : new DomainError('error.tooLarge.body', 413)
}

function answer(c: Context<AppEnv>, def: AnyEndpoint | undefined) {
  // The open API speaks problem details (decisions/0063), even before its own chain ran.
  if (def?.access === 'apiKey') c.set('problemDetails', true)
  return onError(tooLarge(def), c)
}

/** Hono's counter per declaration (and one for every path no declaration names), made once. */
const limiters = new Map<AnyEndpoint | undefined, MiddlewareHandler<AppEnv>>()

function limiterFor(def: AnyEndpoint | undefined, max: number): MiddlewareHandler<AppEnv> {
  let limiter = limiters.get(def)
  if (!limiter) {
    // Reads the body up to `max` before the route runs (a chunked one too), then hands the route
    // those bytes; one byte past it and the answer is ours, the route never called.
    limiter = honoBodyLimit({ maxSize: max, onError: (c) => answer(c as Context<AppEnv>, def) })
    limiters.set(def, limiter)
  }
  return limiter
}

export function bodyLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Nothing reads a GET's or HEAD's body (queries are their input), and a Request of those
    // methods cannot be rebuilt with one: it is left unread.
    if (!c.req.raw.body || c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const { max, def } = bodyCapFor(c.req.method, c.req.path)
    return limiterFor(def, max)(c, next)
  }
}
