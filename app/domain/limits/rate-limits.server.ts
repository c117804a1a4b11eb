import type { Limiters } from '~/domain/deps'
import { DomainError } from '~/domain/errors'

/**
 * The account flows' rate limits (decisions/0014). Use-cases call these, so every way into a
 * flow (the site's scripts, a plain form post) spends the same counters.
 */
type LimitDeps = { limits: Limiters }

/** The client's address as Cloudflare reports it ("local" under wrangler dev without one). */
export function requestAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip') ?? 'local'
}

export async function isLimited(binding: RateLimit, key: string): Promise<boolean> {
  const { success } = await binding.limit({ key })
  return !success
}

/** Throws the flow's 429 when any of the counters is spent (all are counted on every try). */
async function guard(checks: Promise<boolean>[], key: 'auth.tooManyAttempts' | 'api.rateLimited') {
  if ((await Promise.all(checks)).some(Boolean)) throw new DomainError(key, 429)
}

/** Login attempts per address (whatever accounts it tries); the account's own counter is below. */
export function guardLogin(deps: LimitDeps, address: string) {
  return guard([isLimited(deps.limits.loginAddress, `login:${address}`)], 'auth.tooManyAttempts')
}

export function guardSignup(deps: LimitDeps, address: string) {
  return guard([isLimited(deps.limits.signup, `signup:${address}`)], 'auth.tooManyAttempts')
}

/**
 * The ONE counter of password guesses against an account (decisions/0046), spent by every check
 * of its password: login (by any of its addresses), the proof of a merge, a password or e-mail
 * change. Keyed by the account's id, or by the normalised e-mail when no account has it, so
 * guessing at an unknown address costs the same and tells nothing.
 */
export function guardPasswordGuess(deps: LimitDeps, account: number | string) {
  const key = typeof account === 'number' ? `conta:${account}` : `conta:${account.trim().toLowerCase()}`
  return guard([isLimited(deps.limits.loginAccount, key)], 'auth.tooManyAttempts')
}

/** E-mails a visitor can trigger: per address and per account or recipient. */
export function guardEmail(
  deps: LimitDeps,
  keys: string[],
  message: 'auth.tooManyAttempts' | 'api.rateLimited',
) {
  return guard(
    keys.map((key) => isLimited(deps.limits.email, key)),
    message,
  )
}
