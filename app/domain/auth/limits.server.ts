import type { Limiters } from '~/deps.server'
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

/** Login attempts: per address and per account (any address). */
export function guardLogin(deps: LimitDeps, address: string, email: string) {
  return guard(
    [
      isLimited(deps.limits.loginAddress, `login:${address}`),
      isLimited(deps.limits.loginAccount, `login:${email.trim().toLowerCase()}`),
    ],
    'auth.tooManyAttempts',
  )
}

export function guardSignup(deps: LimitDeps, address: string) {
  return guard([isLimited(deps.limits.signup, `signup:${address}`)], 'auth.tooManyAttempts')
}

/** Password checks on a logged-in account (change password, change e-mail). */
export function guardPasswordCheck(deps: LimitDeps, userId: number) {
  return guard([isLimited(deps.limits.loginAccount, `senha:${userId}`)], 'auth.tooManyAttempts')
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
