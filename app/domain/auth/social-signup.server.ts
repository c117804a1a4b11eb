import { verifyToken } from './tokens.server'

/**
 * The verified Google identity waiting for the complete-signup form: a short-lived signed token
 * in this cookie, set by the OIDC callback and read by the form's page and its POST.
 */
export const SOCIAL_SIGNUP_COOKIE = '__Host-cadastro'

export type SocialSignup = { sub: string; email: string; ev: number; name: string; ret: string }

export async function readSocialSignup(
  deps: { authSecret: () => Uint8Array; now: () => Date },
  token: string | undefined,
): Promise<SocialSignup | null> {
  const result = await verifyToken<SocialSignup>(deps.authSecret(), 'cadastro-social', token, deps.now())
  return result.ok ? result.claims : null
}
