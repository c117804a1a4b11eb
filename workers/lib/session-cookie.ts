import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { newNonce, SESSION_HINT_COOKIE } from '~/domain/auth/bridge.server'
import {
  createSession,
  destroySession,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from '~/domain/auth/session.server'
import type { AppEnv } from '../env'

/** A flow's own short-lived cookie (the OIDC state, the pending Google signup): host-only, HttpOnly, Lax. */
export const cookieOptions = (maxAge: number) =>
  ({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax', maxAge }) as const

/** The one place the session cookie is written (decisions/0014): host-only, HttpOnly, Lax. */
export function writeSessionCookie<E extends AppEnv>(c: Context<E>, id: string) {
  setCookie(c, SESSION_COOKIE, id, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: SESSION_TTL_SECONDS,
  })
}

/**
 * The parent domain cookies shared with the profile hosts live on (the session hint, the D1
 * bookmark): the base domain's host name, without the port.
 */
export function parentCookieDomain(baseDomain: string): string {
  return baseDomain.replace(/:\d+$/, '')
}

/**
 * "Someone is logged in on the main host", on the parent domain so profile hosts can start the
 * session bridge by themselves (decisions/0023). Not a credential: a random tag per login, so a
 * profile host that tried the bridge for an earlier, lapsed login tries again for this one
 * (decisions/0054).
 */
function writeSessionHint<E extends AppEnv>(c: Context<E>) {
  setCookie(c, SESSION_HINT_COOKIE, newNonce().slice(0, 16), {
    path: '/',
    domain: parentCookieDomain(c.env.BASE_DOMAIN),
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: SESSION_TTL_SECONDS,
  })
}

export function clearSessionHint<E extends AppEnv>(c: Context<E>) {
  deleteCookie(c, SESSION_HINT_COOKIE, {
    path: '/',
    domain: parentCookieDomain(c.env.BASE_DOMAIN),
    secure: true,
  })
}

/**
 * Starts a session for `userId` with a NEW id (never reusing one the browser already had, so a
 * planted id cannot be promoted to a logged-in one), and ends the previous session if any.
 */
export async function startSession<E extends AppEnv>(c: Context<E>, userId: number): Promise<string> {
  const previous = getCookie(c, SESSION_COOKIE)
  if (previous) await destroySession(c.var.deps, previous)
  const { id } = await createSession(c.var.deps, userId)
  writeSessionCookie(c, id)
  writeSessionHint(c)
  return id
}

export async function endSession<E extends AppEnv>(c: Context<E>): Promise<void> {
  const id = getCookie(c, SESSION_COOKIE)
  if (id) await destroySession(c.var.deps, id)
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true })
  clearSessionHint(c)
}
