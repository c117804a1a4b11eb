import { z } from 'zod'

/** `__Host-` forces Secure, Path=/ and no Domain: the cookie never leaks to profile subdomains. */
export const SESSION_COOKIE = '__Host-sid'
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30

const sessionRecord = z.object({ userId: z.number().int().positive(), createdAt: z.number() })
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
async function kvKey(id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id))
  return `s:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

export async function createSession(
  deps: { sessions: KVNamespace; now: () => Date },
  userId: number,
): Promise<{ id: string; record: SessionRecord }> {
  const id = newSessionId()
  const record: SessionRecord = { userId, createdAt: deps.now().getTime() }
  await deps.sessions.put(await kvKey(id), JSON.stringify(record), { expirationTtl: SESSION_TTL_SECONDS })
  return { id, record }
}

export async function readSession(
  deps: { sessions: KVNamespace },
  id: string | undefined,
): Promise<SessionRecord | null> {
  if (!id || !SESSION_ID.test(id)) return null
  const raw = await deps.sessions.get(await kvKey(id), 'json')
  const parsed = sessionRecord.safeParse(raw)
  return parsed.success ? parsed.data : null
}

export async function destroySession(deps: { sessions: KVNamespace }, id: string): Promise<void> {
  if (SESSION_ID.test(id)) await deps.sessions.delete(await kvKey(id))
}
