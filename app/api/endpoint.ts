import type { MessageKey } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'

// The one registry of endpoints (issue 29, decisions/0062). A declaration is plain data with zod
// schemas: the browser imports it (no server module, no Hono), the Worker registers its handler
// from it (workers/lib/register.ts) and the OpenAPI document is generated from it.

export type Method = 'get' | 'post'

/**
 * The body cap of every request no declaration raises (a page, a login, a search, a follow): the
 * longest of these forms is far below it (decisions/0091).
 */
export const DEFAULT_MAX_BODY = 64 * 1024

/**
 * Who may call: anybody; a logged-in user (session cookie); a reviewer (decisions/0048); the
 * holder of an API key (`Authorization: Bearer`, decisions/0063); local development only.
 */
export type Access = 'anyone' | 'user' | 'reviewer' | 'apiKey' | 'dev'

/**
 * The rate limit, by the binding that counts it: `api` per user (API_LIMITER, the site's own
 * calls), `write` per user and area (WRITE_LIMITER), `apiKey` per key (API_KEY_LIMITER), none;
 * `address` per client address (API_LIMITER), for calls anybody makes without a session.
 */
export type Limit = 'api' | 'write' | 'apiKey' | 'address' | 'none'

/**
 * The calls the product spec names (§7 "The calls it makes", by heading): an endpoint that is one
 * of them says which, and test/unit/spec-calls.test.ts holds its answer to the shape the spec
 * gives there (written in the test from the spec, not from these declarations).
 */
export type SpecCall =
  | 'Search suggestions'
  | 'Notifications'
  | 'Delete table items'
  | 'Follow'
  | 'Professional message'
  | 'Vote'
  | 'Comment and reply'
  | 'City by IP'
  | 'Autocompletes'
  | 'Select widgets'
  | 'Signup checks'
  | 'Account'
  | 'Profession'
  | 'Phones'
  | 'Lawsuit monitoring'

export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  E extends z.ZodType = z.ZodType,
  A extends Access = Access,
> = {
  /** Stable name: the OpenAPI operationId and the key of the conformance test's cases. */
  id: string
  method: M
  /** Hono's syntax (`/api/v2/processos/:numero`); path parameters are fields of `input`. */
  path: P
  /** GET: the query (and path parameters); POST: the body (JSON, urlencoded or multipart). */
  input: I
  /**
   * A POST whose input is its query, not its body: RFC 8058's one-click unsubscribe, where the
   * mail client posts a fixed body to the URL the mail gave (the token is in the URL).
   */
  inputFrom?: 'query'
  /**
   * The body's cap in bytes, counted while it streams, whoever reads it
   * (workers/middleware/body-limit.ts, decisions/0091): past it the answer is a 413. Only
   * uploads and long texts declare one; every other request has `DEFAULT_MAX_BODY`.
   */
  maxBody?: number
  /**
   * How a refusal names itself in `status` when not the usual `error`/`fail`: the lawsuit
   * monitoring's refusals answer `failed` (spec §7, §8 "Lawsuit monitoring"), the guard's and the
   * limiter's too.
   */
  failureStatus?: 'failed'
  /** What a body past `maxBody` is told (413) when not the generic `error.tooLarge.body`. */
  maxBodyError?: { message: MessageKey; field?: string }
  /** The success body (status 200). */
  output: O
  /** Every error body this endpoint answers (4xx; a 500 has the same shape). */
  error: E
  access: A
  limit: Limit
  /**
   * A counter shared with other endpoints (marking notifications seen or read is one): by
   * default `api` counts per path and `write` per endpoint id.
   */
  limitScope?: string
  /**
   * The binding that counts an `api` (per user) or `address` limit when a stricter one than
   * API_LIMITER applies: comments and replies, public forms, the signup's live checks, the
   * merge's password proof (the logins' binding), the phones and contact messages.
   */
  limitBinding?:
    | 'COMMENT_LIMITER'
    | 'MESSAGE_LIMITER'
    | 'SIGNUP_CHECK_LIMITER'
    | 'EMAIL_CHECK_LIMITER'
    | 'LOGIN_ADDRESS_LIMITER'
    | 'LOGIN_ACCOUNT_LIMITER'
    | 'PHONES_LIMITER'
  /** The 429's message when not the limit's general one (`comment.rateLimited`). */
  limitMessage?: MessageKey
  /**
   * The address is also a page of the site (`/login`, `/conta/senha`: the page's form posts to
   * it), so links to the page spell it: the conformance test's literal check leaves it alone.
   */
  alsoPage?: true
  /** The spec §7 call this endpoint is (its answer keeps the spec's shape). */
  spec?: SpecCall
  /**
   * A public endpoint that looks something up: what its 404 means (the OpenAPI document lists a
   * 404 only where one is declared; its other errors follow from access, limit and input).
   */
  notFound?: string
  /** In the OpenAPI document and the reference page. */
  public: boolean
  /** Portuguese, for the document and the reference page. */
  summary: string
  description?: string
  /** An example call's input, shown by the reference page. */
  example?: z.input<I>
}

/** Declares an endpoint, keeping every literal type (the method, the path, the schemas). */
export const endpoint = <
  const M extends Method,
  const P extends string,
  I extends z.ZodType,
  O extends z.ZodType,
  E extends z.ZodType,
  const A extends Access,
>(
  def: Endpoint<M, P, I, O, E, A>,
) => def

export type AnyEndpoint = Endpoint<Method, string, z.ZodType, z.ZodType, z.ZodType, Access>
export type InputOf<D extends AnyEndpoint> = z.input<D['input']>
export type ParsedInputOf<D extends AnyEndpoint> = z.output<D['input']>
export type OutputOf<D extends AnyEndpoint> = z.input<D['output']>
export type ErrorOf<D extends AnyEndpoint> = z.output<D['error']>

/** The names of a path's parameters (`:numero` → `numero`). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string)
}

/** The site's own calls answer `{status: 'success', message?, …}` (spec §3). */
export const actionSuccess = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ status: z.literal('success'), message: z.string().optional(), ...shape })

/** …and fail with `{status, errors, message, fields?}` (workers/lib/errors.ts). */
export const actionError = z.object({
  status: z.enum(['error', 'fail', 'failed']),
  errors: z.array(z.string()).min(1),
  message: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
})
export type ActionError = z.infer<typeof actionError>
