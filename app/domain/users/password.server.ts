/**
 * Password hashing with WebCrypto PBKDF2-SHA256. Production Workers refuse more than 100,000
 * iterations (local workerd does not), so the cap is enforced here for hashing and verifying.
 * Hashes are self-describing (`pbkdf2-sha256$<iterations>$<salt>$<hash>`, base64url), so the
 * parameters can change later without breaking old hashes.
 */
export const PBKDF2_MAX_ITERATIONS = 100_000
export const PBKDF2_ITERATIONS = 100_000

const ALGORITHM = 'pbkdf2-sha256'
const SALT_BYTES = 16
const HASH_BYTES = 32

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)
  return Uint8Array.from(atob(padded), (ch) => ch.charCodeAt(0))
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be 1..${PBKDF2_MAX_ITERATIONS}, got ${iterations}`)
  }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BYTES * 8,
  )
  return new Uint8Array(bits)
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const hash = await derive(password, salt, iterations)
  return `${ALGORITHM}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`
}

type ParsedHash = { iterations: number; salt: Uint8Array<ArrayBuffer>; hash: Uint8Array<ArrayBuffer> }

export function parsePasswordHash(stored: string): ParsedHash | null {
  const [algorithm, rounds, salt, hash, ...rest] = stored.split('$')
  if (algorithm !== ALGORITHM || rest.length > 0 || !rounds || !salt || !hash) return null
  const iterations = Number(rounds)
  const saltBytes = fromBase64Url(salt)
  const hashBytes = fromBase64Url(hash)
  if (!Number.isInteger(iterations) || !saltBytes || !hashBytes || hashBytes.length !== HASH_BYTES)
    return null
  return { iterations, salt: saltBytes, hash: hashBytes }
}

/**
 * Constant-time comparison. A stored hash above the cap (written elsewhere) is refused rather than
 * computed: production would throw on it anyway.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parsePasswordHash(stored) : null
  if (!parsed || parsed.iterations > PBKDF2_MAX_ITERATIONS) {
    // Same work as a real check, so a missing account cannot be told apart by timing.
    await derive(password, new Uint8Array(SALT_BYTES), PBKDF2_ITERATIONS)
    return false
  }
  const actual = await derive(password, parsed.salt, parsed.iterations)
  let diff = 0
  for (let i = 0; i < HASH_BYTES; i++) diff |= (actual[i] ?? 0) ^ (parsed.hash[i] ?? 0)
  return diff === 0
}
