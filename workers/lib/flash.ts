import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { type Flash, flashSchema } from '~/schemas/flash'
import type { AppEnv } from '../env'

/** Host-only, like the session: a post on a profile host comes back to that host. */
export const FLASH_COOKIE = '__Host-flash'
/** Browsers keep cookies up to 4096 bytes; what was typed is dropped before the message is. */
const MAX_COOKIE_BYTES = 3800

const encode = (flash: Flash) => {
  const bytes = new TextEncoder().encode(JSON.stringify(flash))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function decode(value: string | undefined): Flash | null {
  if (!value) return null
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
    const json = new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)))
    const parsed = flashSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Sets the flash for the next page load (a 303 follows). */
export function setFlash<E extends AppEnv>(c: Context<E>, flash: Flash) {
  let value = encode(flash)
  if (value.length > MAX_COOKIE_BYTES) value = encode({ ...flash, values: undefined })
  if (value.length > MAX_COOKIE_BYTES) value = encode({ kind: flash.kind, errors: flash.errors?.slice(0, 3) })
  setCookie(c, FLASH_COOKIE, value, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax', maxAge: 120 })
}

/**
 * Reads the flash into `c.var.flash` for the page, and clears it once an HTML page (not a
 * redirect, not a script's fetch) has been answered, so it shows exactly once.
 */
export function flash(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = getCookie(c, FLASH_COOKIE)
    const current = c.req.method === 'GET' ? decode(raw) : null
    c.set('flash', current)
    await next()
    const page = (c.res.headers.get('content-type') ?? '').includes('text/html')
    if (raw !== undefined && c.req.method === 'GET' && page)
      deleteCookie(c, FLASH_COOKIE, { path: '/', secure: true })
  }
}
