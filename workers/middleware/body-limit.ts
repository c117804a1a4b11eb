import type { Context, MiddlewareHandler } from 'hono'
import { type AnyEndpoint, DEFAULT_MAX_BODY } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { DomainError } from '~/domain/errors'
import type { AppEnv } from '../env'
import { onError } from '../lib/errors'

// Every request's body is counted while it streams, whoever reads it (decisions/0091): past its
// route's cap the reading fails and the answer is a 413. `Content-Length` alone proves nothing
// (a chunked body has none), and a body read whole before its size is judged costs the memory
// the cap is there to save (an isolate has 128 MB).

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

export function bodyLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.req.raw.body
    if (!body) return next()
    const { max, def } = bodyCapFor(c.req.method, c.req.path)
    const declared = c.req.header('content-length')
    if (declared !== undefined && Number(declared) > max) return answer(c, def)
    let size = 0
    let exceeded = false
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength
          if (size > max) {
            exceeded = true
            // Fails whoever reads (and cancels the upload): nothing past the cap is kept.
            controller.error(tooLarge(def))
            return
          }
          controller.enqueue(chunk)
        },
      }),
    )
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit)
    await next()
    // Whatever the reader made of the failed read (a 422, Hono's 400, a 500), the answer is 413.
    if (exceeded) c.res = await answer(c, def)
  }
}
