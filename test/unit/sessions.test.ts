import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  destroySession,
  readSession,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
} from '~/domain/auth/session.server'
import { createUser, deps, get, sessionCookie } from './helpers'

describe('sessions in KV', () => {
  it('a session stored in KV makes the page show the user menu (the logged-in signal)', async () => {
    const user = await createUser({ name: 'Helena Sessão' })
    const anonymous = await (await get('/')).text()
    expect(anonymous).not.toContain('data-user-menu')

    const cookie = await sessionCookie(user.id)
    const html = await (await get('/', { headers: { Cookie: cookie } })).text()
    expect(html).toContain('aria-label="Menu do usuário"')
    expect(html).toContain('Helena Sessão')
  })

  it('keeps only a hash of the id in KV, with a TTL', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const id = cookie.slice(`${SESSION_COOKIE}=`.length)
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/) // 256 bits
    const { keys } = await env.SESSIONS.list({ prefix: 's:' })
    expect(keys.some((k) => k.name.includes(id))).toBe(false)
    const expirations = keys.map((k) => k.expiration ?? 0)
    const nowSeconds = Date.now() / 1000
    expect(Math.max(...expirations)).toBeGreaterThan(nowSeconds + SESSION_TTL_SECONDS - 60)
  })

  it('ignores a forged or malformed cookie', async () => {
    for (const value of ['x', 'A'.repeat(43), '../../etc', '']) {
      const html = await (await get('/', { headers: { Cookie: `${SESSION_COOKIE}=${value}` } })).text()
      expect(html).not.toContain('data-user-menu')
    }
  })

  it('a destroyed session no longer logs anyone in', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const id = cookie.slice(`${SESSION_COOKIE}=`.length)
    await destroySession(deps(), id)
    expect(await readSession(deps(), id)).toBeNull()
    const res = await get('/ajax/notificacoes', { headers: { Cookie: cookie } })
    expect(res.status).toBe(401)
  })
})
