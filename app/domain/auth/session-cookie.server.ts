import { createSession, destroySession, SESSION_COOKIE, SESSION_TTL_SECONDS } from './session.server'

/** A cookie's value from a request (Remix loaders and actions have no cookie helper here). */
export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

/**
 * For Remix actions (the no-JavaScript form posts): a new session with a new id, the previous
 * one ended, and the same cookie attributes the API sets.
 */
export async function sessionCookieHeaders(
  deps: { sessions: KVNamespace; now: () => Date },
  request: Request,
  userId: number,
): Promise<Headers> {
  const previous = readCookie(request, SESSION_COOKIE)
  if (previous) await destroySession(deps, previous)
  const { id } = await createSession(deps, userId)
  const headers = new Headers()
  headers.append(
    'Set-Cookie',
    `${SESSION_COOKIE}=${id}; Max-Age=${SESSION_TTL_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`,
  )
  return headers
}
