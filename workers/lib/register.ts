import type { Context, Hono, MiddlewareHandler, Schema, TypedResponse } from 'hono'
import type { ClientErrorStatusCode } from 'hono/utils/http-status'
import { validator } from 'hono/validator'
import { type AnyEndpoint, pathParams } from '~/api/endpoint'
import { DomainError } from '~/domain/errors'
import { isLocalDev } from '~/domain/site/environment'
import { wellFormed } from '~/lib/well-formed'
import { z } from '~/schemas/zod'
import type { AppEnv, AuthedEnv, KeyEnv } from '../env'
import { perKeyLimit, requireApiKey } from '../middleware/api-key'
import { clientAddress, perUserLimit, rateLimit, writeLimit } from '../middleware/rate-limit'
import { requireRole } from '../middleware/roles'
import { requireUser } from '../middleware/session'
import { invalidInput, readInput } from './input'
import { openApiAnswers, openApiCors } from './problem'

// Registers a handler from its endpoint's declaration (app/api/endpoint.ts, decisions/0062): the
// guard, the limiter and the input check come from the declaration, so a handler cannot forget
// them, and the handler's context is typed by it.

type Target<D extends AnyEndpoint> = D['method'] extends 'get' ? 'query' : 'form'
type EnvOf<D extends AnyEndpoint> = D['access'] extends 'user' | 'reviewer'
  ? AuthedEnv
  : D['access'] extends 'apiKey'
    ? KeyEnv
    : AppEnv

/** The handler's context: `c.req.valid('query' | 'form')` is the declaration's parsed input. */
export type EndpointContext<D extends AnyEndpoint> = Context<
  EnvOf<D>,
  D['path'],
  // biome-ignore lint/complexity/noBannedTypes: Hono's shape for "no raw input types"
  { in: {}; out: { [K in Target<D>]: z.output<D['input']> } }
>

/**
 * A handler answers JSON through `reply` (typed by the declaration's output) or through the
 * one write path's `respond` (a use-case's Outcome, or a 303 for a plain form post).
 */
export type EndpointHandler<D extends AnyEndpoint, R extends Response = Response> = (
  c: EndpointContext<D>,
) => Promise<R>

/**
 * The success body: it must satisfy the endpoint's output schema, and the answer's type is the
 * body's own (not the declaration's), so the app's type says what the handler really sends and
 * test/types/app-type.ts can tell a declaration that drifted from it (decisions/0093).
 */
export function reply<D extends AnyEndpoint, const B extends z.input<D['output']>>(
  c: Context,
  _def: D,
  body: B,
  headers?: HeadersInit,
) {
  return c.json(body as object, 200, headers as Record<string, string>) as Response &
    TypedResponse<B, 200, 'json'>
}

/** Every endpoint registered, by id: the conformance test walks them (test/unit/endpoint-schemas.test.ts). */
export const registered = new Map<string, AnyEndpoint>()

const devOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLocalDev(c.env)) throw new DomainError('api.notFound', 404)
  await next()
}

function guard(def: AnyEndpoint): MiddlewareHandler[] {
  switch (def.access) {
    case 'user':
      return [requireUser]
    case 'reviewer':
      return [requireRole('revisor')]
    case 'apiKey':
      return [requireApiKey]
    case 'dev':
      return [devOnly]
    default:
      return []
  }
}

/** The endpoint's own counter (its path) unless it shares one; its own 429 message if it has one. */
const scoped = (def: AnyEndpoint) =>
  def.limitScope || def.limitMessage ? { scope: def.limitScope, message: def.limitMessage } : undefined

/** API_LIMITER unless the declaration names a stricter binding. */
const bindingOf = (def: AnyEndpoint) => (env: Env) => env[def.limitBinding ?? 'API_LIMITER']

function limiter(def: AnyEndpoint): MiddlewareHandler[] {
  switch (def.limit) {
    case 'api':
      return [perUserLimit(bindingOf(def), scoped(def))]
    case 'write':
      return [writeLimit(def.limitScope ?? def.id)]
    case 'apiKey':
      return [perKeyLimit]
    case 'address':
      return [rateLimit(bindingOf(def), clientAddress, scoped(def))]
    default:
      return []
  }
}

/** The query as the pages read it: a repeated name (`tribunal=a&tribunal=b`) is a list. */
function queryObject(c: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, values] of Object.entries(c.req.queries()))
    out[name] = values.length > 1 ? values : values[0]
  return out
}

function inputCheck(def: AnyEndpoint): MiddlewareHandler {
  const fromQuery = (_value: unknown, c: Context) => {
    const parsed = def.input.safeParse(wellFormed({ ...queryObject(c), ...c.req.param() }))
    if (!parsed.success) throw invalidInput(parsed.error.issues)
    return parsed.data as Record<string, unknown>
  }
  if (def.method === 'get') return validator('query', fromQuery)
  if (def.inputFrom === 'query') return validator('form', fromQuery)
  // A POST's path parameters (a notification's id) are fields of its input, as a GET's are.
  const withParams = (c: Context) =>
    pathParams(def.path).length
      ? z.preprocess((body) => ({ ...(body as object), ...c.req.param() }), def.input)
      : def.input
  return validator('form', async (_value, c) => readInput(c as Context<AppEnv>, withParams(c)))
}

/** First in the chain, so the guard's and the limiter's refusals name themselves so too. */
function failureName(def: AnyEndpoint): MiddlewareHandler<AppEnv>[] {
  const name = def.failureStatus
  if (!name) return []
  return [
    async (c, next) => {
      c.set('failureStatus', name)
      await next()
    },
  ]
}

/**
 * Registers the handler and returns the same app, its type widened by the route (its input, the
 * handler's own success type, the declared errors): routers chain these, so the app's type is
 * derived from what is registered, not asserted (workers/create-app.ts, decisions/0093).
 */
export function register<D extends AnyEndpoint, R extends Response, S extends Schema, B extends string>(
  app: Hono<AppEnv, S, B>,
  def: D,
  handler: EndpointHandler<D, R>,
): Hono<AppEnv, S & HandledSchema<D, R>, B> {
  registered.set(def.id, def)
  const open = def.access === 'apiKey'
  // The open API answers browsers' preflights and speaks problem details (decisions/0063).
  if (open) app.on('OPTIONS', [def.path], openApiCors)
  const chain = [
    ...(open ? [openApiCors, openApiAnswers] : []),
    ...failureName(def),
    ...guard(def),
    ...limiter(def),
    inputCheck(def),
  ] as MiddlewareHandler<AppEnv>[]
  app.on(def.method.toUpperCase(), [def.path], ...chain, handler as unknown as MiddlewareHandler<AppEnv>)
  return app as unknown as Hono<AppEnv, S & HandledSchema<D, R>, B>
}

/** A path's parameters (`/a/:id/b` → `'id'`). */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** What a typed client sends: a GET's query or a POST's JSON body, and the path's parameters. */
type ClientInput<D extends AnyEndpoint> = (D['method'] extends 'get'
  ? { query: Omit<z.input<D['input']>, ParamsOf<D['path']>> }
  : { json: Omit<z.input<D['input']>, ParamsOf<D['path']>> }) &
  ([ParamsOf<D['path']>] extends [never] ? unknown : { param: Record<ParamsOf<D['path']>, string> })

/**
 * A success the type system cannot see: a handler answering through `respond` (a use-case's
 * Outcome, whose body is not typed per endpoint). Only the conformance test holds those.
 */
export type UntypedSuccess = { readonly untypedOutcome: true }

/** A handler's answer type, as the body its 200 sends (`reply`'s), else UntypedSuccess. */
type SuccessOf<R> = R extends TypedResponse<infer T, 200, 'json'> ? T : UntypedSuccess

/**
 * One registered endpoint as Hono's route schema (what `hc` and `app.request` types read): its
 * input, what its handler answers at 200, and its declared error body (any 4xx).
 */
export type HandledSchema<D extends AnyEndpoint, R> = {
  [P in D['path']]: {
    [M in `$${D['method']}`]:
      | { input: ClientInput<D>; output: SuccessOf<R>; outputFormat: 'json'; status: 200 }
      | {
          input: ClientInput<D>
          output: z.output<D['error']>
          outputFormat: 'json'
          status: ClientErrorStatusCode
        }
  }
}
