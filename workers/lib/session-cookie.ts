import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import {
  createSession,
  destroySession,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from '~/domain/auth/session.server'
import type { AppEnv } from '../env'

/**
 * Starts a session for `userId` with a NEW id (never reusing one the browser already had, so a
 * planted id cannot be promoted to a logged-in one), and ends the previous session if any.
 */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<void> {
  const previous = getCookie(c, SESSION_COOKIE)
  if (previous) await destroySession(c.var.deps, previous)
  const { id } = await createSession(c.var.deps, userId)
  setCookie(c, SESSION_COOKIE, id, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: SESSION_TTL_SECONDS,
  })
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const id = getCookie(c, SESSION_COOKIE)
  if (id) await destroySession(c.var.deps, id)
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true })
}
