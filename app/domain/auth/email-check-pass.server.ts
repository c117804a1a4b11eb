import type { Deps } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import { type Outcome, setCookie } from '~/domain/outcome'
import { type HumanCheck, verifyTurnstile } from '~/domain/site/turnstile.server'
import { isEmailTaken } from '~/domain/users/accounts.server'
import { signToken, TOKEN_TTL_SECONDS, verifyToken } from './tokens.server'

/**
 * "Is this e-mail registered?" behind a captcha pass (decisions/0092). The signup form must ask
 * (spec §5, §7), so the answer stays; what it costs is a solved Turnstile challenge per few
 * checks. A verified token buys a pass: a signed, HttpOnly cookie naming a counter kept in KV,
 * good for PASS_CHECKS checks within 10 minutes. The counter lives on the server because a
 * signed cookie alone could be replayed at its first count.
 */
export const EMAIL_CHECK_PASS_COOKIE = '__Host-passe-email'
export const PASS_CHECKS = 5
const PASS_SECONDS = TOKEN_TTL_SECONDS['passe-email']

type PassDeps = Pick<Deps, 'db' | 'sessions' | 'authSecret' | 'now'>

const counterKey = (id: string) => `passe-email:${id}`

/** Spends one check of a pass; false when it is forged, expired, unknown or spent. */
async function spend(deps: PassDeps, pass: string | undefined): Promise<boolean> {
  if (!pass) return false
  const verified = await verifyToken<{ jti: string; exp: number }>(
    deps.authSecret(),
    'passe-email',
    pass,
    deps.now(),
  )
  if (!verified.ok || typeof verified.claims.jti !== 'string') return false
  const key = counterKey(verified.claims.jti)
  const left = Number((await deps.sessions.get(key)) ?? 0)
  if (!(left > 0)) return false
  // KV's expiration is absolute here: spending a check never lengthens the pass.
  await deps.sessions.put(key, String(left - 1), {
    expiration: Math.max(verified.claims.exp, nowSeconds(deps) + 60),
  })
  return true
}

const nowSeconds = (deps: PassDeps) => Math.floor(deps.now().getTime() / 1000)

/** A new pass for a token Turnstile verified, with its first check spent on this request. */
async function issue(deps: PassDeps): Promise<string> {
  const id = crypto.randomUUID()
  await deps.sessions.put(counterKey(id), String(PASS_CHECKS - 1), { expirationTtl: PASS_SECONDS })
  return signToken(deps.authSecret(), 'passe-email', { jti: id }, deps.now())
}

/**
 * `POST /cadastrar/verificar-email-existe`: with a pass that has checks left, or a Turnstile token
 * that verifies (then a new pass is set), the answer; otherwise a 403 that says nothing about the
 * address (the page gets a fresh token and asks again; without JavaScript the signup's own post
 * reports a taken address).
 */
export async function checkSignupEmailBehindPass(
  deps: PassDeps,
  input: { email: string; captcha?: string },
  asked: { pass: string | undefined; human: HumanCheck },
): Promise<Outcome> {
  let effects: Outcome['effects'] = []
  if (!(await spend(deps, asked.pass))) {
    const token = input.captcha ?? ''
    const verdict = token
      ? await verifyTurnstile(asked.human.deps, asked.human.config, token, asked.human.remoteIp)
      : { success: false }
    if (!verdict.success) throw new DomainError('auth.emailCheckCaptcha', 403, { field: 'email' })
    effects = [setCookie(EMAIL_CHECK_PASS_COOKIE, await issue(deps), PASS_SECONDS)]
  }
  return { body: { disponivel: !(await isEmailTaken(deps, input.email)) }, effects }
}
