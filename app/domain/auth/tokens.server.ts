import { errors, jwtVerify, SignJWT } from 'jose'
import { isLocalDev, type RuntimeValues } from '~/domain/site/environment'

/**
 * Short-lived signed tokens (HS256, jose) carried in e-mailed links and the social-signup step.
 * Each has a purpose, so a token made for one flow is refused by every other.
 */
export type TokenPurpose =
  | 'confirmar-email'
  | 'redefinir-senha'
  | 'cadastro-social'
  | 'oidc-estado'
  | 'cancelar-email'
  | 'unir-contas'
  | 'govbr-estado'
  | 'confirmar-remocao'
  | 'passe-email'

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  'confirmar-email': 60 * 60 * 24 * 7,
  'redefinir-senha': 60 * 30,
  'cadastro-social': 60 * 30,
  'oidc-estado': 60 * 10,
  // An unsubscribe link must keep working in an old e-mail (issue 15).
  'cancelar-email': 60 * 60 * 24 * 400,
  // Proof of owning the other account, between the password step and the confirmation.
  'unir-contas': 60 * 15,
  // Between our redirect to gov.br and its answer (bound to the account that asked).
  'govbr-estado': 60 * 10,
  // A removal request's e-mail confirmation (decisions/0066).
  'confirmar-remocao': 60 * 60 * 24 * 7,
  // The signup's e-mail check after a Turnstile pass (decisions/0092): a few checks, briefly.
  'passe-email': 60 * 10,
}

const DEV_SECRET_PREFIX = 'dev-only-'

/**
 * A secret the Worker may use: outside local development (decisions/0021) a missing, short or
 * public `dev-only-` value is refused, so a deploy that forgot its secrets fails instead of
 * signing with a value printed in wrangler.toml.
 */
export function checkedSecret(
  name: string,
  secret: string | undefined,
  env: RuntimeValues,
  minLength = 32,
): string {
  const value = secret ?? ''
  if (!isLocalDev(env) && (value.length < Math.max(minLength, 1) || value.startsWith(DEV_SECRET_PREFIX)))
    throw new Error(`${name} must be set (not the development value) outside local development`)
  return value
}

/** The signing key. Only local development may use the development (or a short) secret. */
export function authSecret(env: RuntimeValues & { AUTH_SECRET?: string }): Uint8Array {
  const secret = checkedSecret('AUTH_SECRET', env.AUTH_SECRET, env)
  if (secret.length < 16) throw new Error('AUTH_SECRET is missing')
  return new TextEncoder().encode(secret)
}

export async function signToken(
  secret: Uint8Array,
  purpose: TokenPurpose,
  claims: Record<string, string | number>,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new SignJWT({ ...claims, pur: purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS[purpose])
    .sign(secret)
}

export type TokenResult<T> =
  | { ok: true; claims: T & { iat: number } }
  | { ok: false; reason: 'expired' | 'invalid' }

export async function verifyToken<T extends Record<string, unknown>>(
  secret: Uint8Array,
  purpose: TokenPurpose,
  token: string | null | undefined,
  now = new Date(),
): Promise<TokenResult<T>> {
  if (!token || token.length > 4096) return { ok: false, reason: 'invalid' }
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: now,
    })
    if (payload.pur !== purpose || typeof payload.iat !== 'number') return { ok: false, reason: 'invalid' }
    return { ok: true, claims: payload as unknown as T & { iat: number } }
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
  }
}
