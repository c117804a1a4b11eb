import type { Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { bumpVersions } from '~/domain/cache/versions.server'
import type { DomainError } from '~/domain/errors'
import { enqueueOrKeep } from '~/domain/notifications/notifications.server'
import type { Effect, Outcome } from '~/domain/outcome'
import { ANCHOR_FIELD, anchorOf } from '~/lib/form-anchor'
import { bridgeUrl, loginUrl, MAX_RETURN_PATH } from '~/lib/paths'
import type { FlashValue } from '~/schemas/flash'
import type { AppEnv } from '../env'
import { isOwnOrigin } from '../middleware/origin'
import { setFlash } from './flash'
import { fieldMessages, InvalidInput } from './input'
import {
  clearSessionHint,
  cookieOptions,
  endSession,
  startSession,
  writeSessionCookie,
} from './session-cookie'

/**
 * The one write path's answer (docs/architecture.md, "One write path"). The product's scripts
 * post with `Accept: application/json` and read JSON; a plain form post (no JavaScript) is a
 * document request and gets a 303 to a page that shows the result.
 */
export function isFormPost<E extends AppEnv>(c: Context<E>): boolean {
  const accept = c.req.header('accept') ?? ''
  return c.req.method !== 'GET' && accept.includes('text/html') && !accept.includes('application/json')
}

/** Where a plain form post returns: the page it came from (this site only), else `fallback`. */
export function backUrl<E extends AppEnv>(c: Context<E>, fallback = '/'): string {
  const referer = c.req.header('referer')
  if (!referer) return fallback
  try {
    const url = new URL(referer)
    const back = url.toString()
    // A page address past any real one is not echoed into the Location header (decisions/0050).
    return isOwnOrigin(url.origin, c.env.BASE_DOMAIN) && back.length <= MAX_RETURN_PATH ? back : fallback
  } catch {
    return fallback
  }
}

/** Background work (e-mail): its failure is logged, never the request's. */
export function inBackground<E extends AppEnv>(c: Context<E>, work: Promise<unknown>) {
  const logged = work.catch((error) =>
    console.error(JSON.stringify({ requestId: c.var.requestId, background: String(error) })),
  )
  try {
    c.executionCtx.waitUntil(logged)
  } catch {
    // No execution context (direct app.fetch in a test): the promise still runs.
  }
}

/** Carries out a use-case's effects (also for the few GET flows that end in a redirect). */
export async function applyEffects<E extends AppEnv>(c: Context<E>, effects: Effect[]) {
  for (const effect of effects) {
    if (effect.type === 'session.start') await startSession(c, effect.userId)
    else if (effect.type === 'session.end') await endSession(c)
    else if (effect.type === 'session.keep') writeSessionCookie(c, effect.sessionId)
    else if (effect.type === 'sessionHint.clear') clearSessionHint(c)
    else if (effect.type === 'mail') inBackground(c, c.var.deps.mailer.send(effect.mail))
    else if (effect.type === 'cookie.set')
      setCookie(c, effect.name, effect.value, cookieOptions(effect.maxAge))
    else if (effect.type === 'cookie.delete') deleteCookie(c, effect.name, { path: '/', secure: true })
    else if (effect.type === 'purge')
      await bumpVersions(c.var.deps.pageVersions, effect.scopes, c.var.deps.dbBookmark())
    else if (effect.type === 'notify') {
      // The write is done: a queue failure keeps the notice for the cron instead of failing what
      // the user did (and if even that fails, it is logged).
      await enqueueOrKeep(c.var.deps, effect.notification).catch((error) =>
        console.error(JSON.stringify({ requestId: c.var.requestId, notify: String(error) })),
      )
    }
  }
}

/**
 * A GET flow's end (a provider's redirect or callback): the use-case's effects, then its
 * redirect; why it fell back to its failure page is logged under `log`, never shown.
 */
export async function redirectTo<E extends AppEnv>(
  c: Context<E>,
  outcome: Outcome,
  { status = 303, log }: { status?: 302 | 303; log: string },
) {
  if (outcome.failure) console.error(JSON.stringify({ requestId: c.var.requestId, [log]: outcome.failure }))
  await applyEffects(c, outcome.effects ?? [])
  if (outcome.error) setFlash(c, { kind: 'error', message: outcome.error, errors: [outcome.error] })
  else if (outcome.message) setFlash(c, { kind: 'notice', message: outcome.message })
  // A fallback is a 303 to our own page whatever the success would have been.
  return c.redirect(outcome.redirect ?? '/', outcome.failure ? 303 : status)
}

/**
 * Success: effects first (a session cookie must ride on this answer), then JSON or a 303. A plain
 * Response: an Outcome's body is not typed per endpoint, so the app's type must not claim one.
 */
export async function respond<E extends AppEnv>(c: Context<E>, outcome: Outcome = {}): Promise<Response> {
  await applyEffects(c, outcome.effects ?? [])
  if (isFormPost(c)) {
    if (outcome.message) setFlash(c, { kind: 'notice', message: outcome.message })
    return c.redirect(outcome.redirect ?? backUrl(c), 303)
  }
  return c.json({
    status: 'success',
    ...(outcome.message ? { message: outcome.message } : {}),
    ...outcome.body,
  })
}

/** Field names never written back into a page: secrets and one-time values. */
const UNSAFE_VALUE = /senha|password|token|captcha|turnstile|imagem/i

/**
 * What was typed, every field as the form sent it: strings, the values of a multi-value field and
 * nested rows alike (a failed post without JavaScript comes back with all of it, issue 28 §5).
 * Files and secrets are left out; the cookie's size cap drops the values before the messages.
 */
function typedValue(value: unknown, depth: number): FlashValue | undefined {
  if (typeof value === 'string') return value.slice(0, 2000)
  if (Array.isArray(value)) {
    const strings = value.filter((item): item is string => typeof item === 'string')
    return strings.slice(0, 100).map((item) => item.slice(0, 2000))
  }
  if (value && typeof value === 'object' && depth < 3 && !(value instanceof Blob)) {
    const out: Record<string, FlashValue> = {}
    for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, 50)) {
      const kept = typedValue(item, depth + 1)
      if (kept !== undefined && !UNSAFE_VALUE.test(key)) out[key.slice(0, 100)] = kept
    }
    return out
  }
  return undefined
}

function typedValues(raw: Record<string, unknown> | undefined): Record<string, FlashValue> | undefined {
  if (!raw) return undefined
  const values: Record<string, FlashValue> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (UNSAFE_VALUE.test(name)) continue
    const kept = typedValue(value, 0)
    if (kept !== undefined) values[name] = kept
  }
  return values
}

/**
 * A failed plain form post: back to the form with the messages under their fields and what was
 * typed, through the flash (401 goes to the login page and comes back). JSON callers get null
 * and the usual `{status, errors}` from onError.
 */
export function formPostFailure<E extends AppEnv>(c: Context<E>, error: DomainError) {
  if (!isFormPost(c)) return null
  const back = backUrl(c)
  if (error.key === 'api.loginRequired') {
    const url = new URL(back, 'http://x')
    // A profile host has no login page: the session bridge logs in on the main host and returns.
    const login = c.var.site.kind === 'profile' ? bridgeUrl : loginUrl
    return c.redirect(login(url.pathname + url.search), 303)
  }
  const messages = error instanceof InvalidInput ? error.messages : [error.message]
  // A 404 about no field: what the form acted on is gone (removed in another tab), and the form
  // with it, so no form would draw the message: the page says it at its top.
  const gone = error.status === 404 && !fieldMessages(error)
  const anchor = gone ? null : anchorOf(c.var.rawInput?.[ANCHOR_FIELD])
  setFlash(c, {
    kind: 'error',
    errors: messages,
    message: messages[0],
    ...(gone ? {} : { form: c.req.path }),
    fields: fieldMessages(error),
    values: typedValues(c.var.rawInput),
  })
  return c.redirect(anchor ? `${back.split('#')[0]}#${anchor}` : back, 303)
}
