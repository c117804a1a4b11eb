/**
 * The account flows' rate limits (decisions/0014), shared by the JSON API and the Remix actions
 * that serve the same forms without JavaScript, so both paths spend the same counters.
 */
type Limiters = Pick<Env, 'LOGIN_ACCOUNT_LIMITER' | 'LOGIN_ADDRESS_LIMITER' | 'SIGNUP_CHECK_LIMITER'>

/** The client's address as Cloudflare reports it ("local" under wrangler dev without one). */
export function requestAddress(request: Request): string {
  return request.headers.get('cf-connecting-ip') ?? 'local'
}

export async function isLimited(binding: RateLimit, key: string): Promise<boolean> {
  const { success } = await binding.limit({ key })
  return !success
}

/** Login attempts: per address and per account (any address), both counted on every try. */
export async function loginLimited(env: Limiters, address: string, email: string): Promise<boolean> {
  const [byAddress, byAccount] = await Promise.all([
    isLimited(env.LOGIN_ADDRESS_LIMITER, `login:${address}`),
    isLimited(env.LOGIN_ACCOUNT_LIMITER, `login:${email.trim().toLowerCase()}`),
  ])
  return byAddress || byAccount
}

export function signupLimited(env: Limiters, address: string): Promise<boolean> {
  return isLimited(env.SIGNUP_CHECK_LIMITER, `signup:${address}`)
}
