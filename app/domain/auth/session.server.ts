import { z } from '~/schemas/zod'

/** `__Host-` forces Secure, Path=/ and no Domain: the cookie never leaks to profile subdomains. */
export const SESSION_COOKIE = '__Host-sid'
/** Absolute lifetime: a session ends 30 days after login however active (decisions/0020). */
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30
/** Idle timeout: a session unused for 7 days ends (decisions/0020). */
export const SESSION_IDLE_SECONDS = 60 * 60 * 24 * 7
/**
 * `lastSeen` is rewritten at most once an hour per session: KV allows one write per second per
 * key and each write costs, while an hour is nothing against a 7-day idle limit.
 */
export const SESSION_TOUCH_SECONDS = 60 * 60

const sessionRecord = z.object({
  userId: z.number().int().positive(),
  createdAt: z.number(),
  // Records written before the idle timeout have no lastSeen: they count from their creation.
  lastSeen: z.number().optional(),
})
export type SessionRecord = z.infer<typeof sessionRecord>

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/

/** 256 random bits, base64url. */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** KV holds a hash of the id, so a leaked KV listing cannot be replayed as cookies. */
export async function kvKey(id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id))
  return `s:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

export async function createSession(
  deps: { sessions: KVNamespace; now: () => Date },
  userId: number,
): Promise<{ id: string; record: SessionRecord }> {
  const id = newSessionId()
  const now = deps.now().getTime()
  const record: SessionRecord = { userId, createdAt: now, lastSeen: now }
  await deps.sessions.put(await kvKey(id), JSON.stringify(record), { expirationTtl: SESSION_TTL_SECONDS })
  return { id, record }
}

/** True while the session is within both its absolute lifetime and its idle timeout. */
export function isSessionLive(record: SessionRecord, now: Date): boolean {
  const at = now.getTime()
  const lastSeen = record.lastSeen ?? record.createdAt
  return at - record.createdAt < SESSION_TTL_SECONDS * 1000 && at - lastSeen < SESSION_IDLE_SECONDS * 1000
}

/** The session's record, or null when it is unknown, malformed, idle too long or too old. */
export async function readSession(
  deps: { sessions: KVNamespace; now: () => Date },
  id: string | undefined,
): Promise<SessionRecord | null> {
  if (!id || !SESSION_ID.test(id)) return null
  const raw = await deps.sessions.get(await kvKey(id), 'json')
  const parsed = sessionRecord.safeParse(raw)
  return parsed.success && isSessionLive(parsed.data, deps.now()) ? parsed.data : null
}

/**
 * Slides the idle timeout: rewrites `lastSeen` when the last write is over an hour old, keeping
 * the KV expiry at the absolute end of the session. Returns whether it wrote.
 */
export async function touchSession(
  deps: { sessions: KVNamespace; now: () => Date },
  id: string,
  record: SessionRecord,
): Promise<boolean> {
  const now = deps.now().getTime()
  if (now - (record.lastSeen ?? record.createdAt) < SESSION_TOUCH_SECONDS * 1000) return false
  const expiration = Math.floor((record.createdAt + SESSION_TTL_SECONDS * 1000) / 1000)
  // KV wants an expiry at least a minute ahead; a session that close to its end is left alone.
  if (expiration - now / 1000 < 120 || !SESSION_ID.test(id)) return false
  await deps.sessions.put(await kvKey(id), JSON.stringify({ ...record, lastSeen: now }), { expiration })
  return true
}

export async function destroySession(deps: { sessions: KVNamespace }, id: string): Promise<void> {
  if (SESSION_ID.test(id)) await deps.sessions.delete(await kvKey(id))
}
