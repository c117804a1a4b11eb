import { EncryptJWT, jwtDecrypt } from 'jose'

/**
 * The session bridge (decisions/0023): a profile host (`ana.example.com.br`) learns who is visiting
 * from the main host through one top-level redirect. Session cookies stay host-only; the main host
 * hands the profile host the session id in an encrypted token that lives one minute, names the
 * host it is for and is bound to a nonce cookie the profile host set when it started the bridge,
 * so a token copied out of a URL is useless in any other browser (no login CSRF).
 */
export const BRIDGE_NONCE_COOKIE = '__Host-ponte'
/** Set on a profile host when an automatic bridge found nobody logged in: do not try again soon. */
export const BRIDGE_TRIED_COOKIE = '__Host-ponte-tentada'
/** A hint, never a credential: the main host sets it on the parent domain while a session lives. */
export const SESSION_HINT_COOKIE = 'sessao_ativa'
export const BRIDGE_TTL_SECONDS = 60

async function bridgeKey(secret: Uint8Array): Promise<Uint8Array> {
  const material = new Uint8Array([...secret, ...new TextEncoder().encode(':ponte-de-sessao')])
  return new Uint8Array(await crypto.subtle.digest('SHA-256', material))
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

export function newNonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(24)))
}

export async function nonceHash(nonce: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(nonce))))
}

export const NONCE_HASH = /^[A-Za-z0-9_-]{43}$/

export async function sealBridge(
  secret: Uint8Array,
  claims: { sessionId: string; subdomain: string; nonceHash: string },
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new EncryptJWT({ sid: claims.sessionId, n: claims.nonceHash })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(claims.subdomain)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + BRIDGE_TTL_SECONDS)
    .encrypt(await bridgeKey(secret))
}

/** The session id the token carries, when it is for this host, fresh and bound to this browser's nonce. */
export async function openBridge(
  secret: Uint8Array,
  token: string | undefined,
  expected: { subdomain: string; nonce: string | undefined },
  now: Date,
): Promise<string | null> {
  if (!token || token.length > 2048 || !expected.nonce) return null
  try {
    const { payload } = await jwtDecrypt(token, await bridgeKey(secret), {
      audience: expected.subdomain,
      currentDate: now,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    })
    if (typeof payload.sid !== 'string' || payload.n !== (await nonceHash(expected.nonce))) return null
    return payload.sid
  } catch {
    return null
  }
}
