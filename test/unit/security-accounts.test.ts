import { env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import {
  createSession,
  isSessionLive,
  kvKey,
  SESSION_COOKIE,
  type SessionRecord,
  touchSession,
} from '~/domain/auth/session.server'
import {
  createWithPassword,
  ensureReference,
  loggedInAs,
  post,
  sessionFrom,
  signupForm,
  throughGoogle,
  unique,
} from './accounts-helpers'
import { createUser, deps } from './helpers'

/** The stand-in provider's round trip, then its callback. */
async function googleCallback(email: string, verified: boolean) {
  const { callback, stateCookie } = await throughGoogle(email, {
    verified,
    returnTo: '/conta/perfil',
    name: 'Dona do E-mail',
  })
  return SELF.fetch(callback, { headers: { Cookie: stateCookie }, redirect: 'manual' })
}

const address = () => ({ 'CF-Connecting-IP': `10.20.${unique()}` })

describe('account pre-hijacking (issue 12, finding 1)', () => {
  it("hands an unconfirmed account to the e-mail's verified owner: password cleared, sessions ended", async () => {
    await ensureReference()
    const email = `vitima${unique()}@exemplo.invalid`
    // The attacker signs up with the victim's address and never confirms it.
    const signup = await post('/cadastrar', signupForm({ email, senha: 'senhadoatacante' }), address())
    expect(signup.status).toBe(200)
    const attacker = sessionFrom(signup)
    expect(await loggedInAs(attacker)).toBe(true)

    // The victim later uses "Entrar com o Google" with the address, verified by the provider.
    const back = await googleCallback(email, true)
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe('/conta/perfil')
    expect(await loggedInAs(sessionFrom(back))).toBe(true)

    expect(await loggedInAs(attacker)).toBe(false)
    const again = await post('/login', { email, senha: 'senhadoatacante' }, address())
    expect(again.status).toBe(401)
    const [row] = await deps().db.select().from(users).where(eq(users.email, email))
    expect(row?.passwordHash).toBeNull()
    expect(row?.emailConfirmedAt).toBeGreaterThan(0)
    expect(row?.googleSub).toMatch(/^\d+$/)
  })

  it('replaces a Google subject the pre-registration brought with an unverified address', async () => {
    const email = `vitima${unique()}@exemplo.invalid`
    const user = await createWithPassword()
    await deps().db.update(users).set({ email, googleSub: 'sub-do-atacante' }).where(eq(users.id, user.id))
    const back = await googleCallback(email, true)
    expect(back.headers.get('location')).toBe('/conta/perfil')
    const [row] = await deps().db.select().from(users).where(eq(users.id, user.id))
    expect(row?.googleSub).not.toBe('sub-do-atacante')
    expect(row?.passwordHash).toBeNull()
  })

  it('links a CONFIRMED account as it is (password and sessions kept), and never through an unverified e-mail', async () => {
    const user = await createWithPassword()
    await deps().db.update(users).set({ emailConfirmedAt: Date.now() }).where(eq(users.id, user.id))
    const login = await post('/login', { email: user.email, senha: 'segredo123' }, address())
    const existing = sessionFrom(login)

    const unverified = await googleCallback(user.email, false)
    expect(unverified.headers.get('location')).toBe('/cadastrar/completar')
    const verified = await googleCallback(user.email, true)
    expect(verified.headers.get('location')).toBe('/conta/perfil')
    expect(await loggedInAs(existing)).toBe(true)
    expect((await post('/login', { email: user.email, senha: 'segredo123' }, address())).status).toBe(200)
  })
})

describe('session idle timeout (issue 12, finding 6)', () => {
  const DAY = 24 * 60 * 60 * 1000
  const at = (ms: number) => ({ ...deps(), now: () => new Date(ms) })

  it('ends a session idle for 7 days or older than 30, and reads old records sanely', async () => {
    const user = await createUser()
    const now = Date.now()
    const cookieOf = (id: string) => `${SESSION_COOKIE}=${id}`
    const idle = await createSession(at(now - 8 * DAY), user.id)
    expect(await loggedInAs(cookieOf(idle.id))).toBe(false)
    const active = await createSession(at(now - 20 * DAY), user.id)
    await touchSession(at(now - DAY), active.id, active.record)
    expect(await loggedInAs(cookieOf(active.id))).toBe(true)
    const tooOld = await createSession(at(now - 31 * DAY), user.id)
    await touchSession(at(now - 60_000), tooOld.id, tooOld.record)
    expect(await loggedInAs(cookieOf(tooOld.id))).toBe(false)
    const lastMinute = { userId: user.id, createdAt: now - 31 * DAY, lastSeen: now - 60_000 }
    expect(isSessionLive(lastMinute, new Date(now))).toBe(false)
    expect(isSessionLive({ ...lastMinute, createdAt: now - 29 * DAY }, new Date(now))).toBe(true)
    // Records from before the idle timeout have no lastSeen: they count from their creation.
    for (const [days, live] of [
      [2, true],
      [10, false],
    ] as const) {
      const { id } = await createSession(deps(), user.id)
      await env.SESSIONS.put(
        await kvKey(id),
        JSON.stringify({ userId: user.id, createdAt: now - days * DAY }),
      )
      expect(await loggedInAs(cookieOf(id)), `${days} days`).toBe(live)
    }
  })

  it('slides lastSeen at most once an hour', async () => {
    const user = await createUser()
    const now = Date.now()
    const stale = await createSession(at(now - 2 * 60 * 60 * 1000), user.id)
    expect(await loggedInAs(`${SESSION_COOKIE}=${stale.id}`)).toBe(true)
    const touched = await env.SESSIONS.get<SessionRecord>(await kvKey(stale.id), 'json')
    expect(touched?.lastSeen).toBeGreaterThanOrEqual(now)
    expect(touched?.createdAt).toBe(stale.record.createdAt)

    const fresh = await createSession(at(now - 60_000), user.id)
    expect(await loggedInAs(`${SESSION_COOKIE}=${fresh.id}`)).toBe(true)
    const kept = await env.SESSIONS.get<SessionRecord>(await kvKey(fresh.id), 'json')
    expect(kept?.lastSeen).toBe(now - 60_000)
  })
})

describe('one password-guess counter per account (issue 27, item 5)', () => {
  const confirmed = async () => {
    const user = await createWithPassword()
    await deps().db.update(users).set({ emailConfirmedAt: Date.now() }).where(eq(users.id, user.id))
    return user
  }
  // The counter under test is keyed by the account's id (`conta:<id>`), and the rate limiters
  // outlive a runtime's database: the other runtime of the run has its own user with the same id,
  // whose wrong passwords spent this one (a fresh-clone run got 429 on the first guesses). The
  // target takes an id no other runtime hands out.
  const freshTarget = async () => {
    const user = await confirmed()
    const id = 2_000_000_000 + Math.floor(Math.random() * 1_000_000_000)
    await deps().db.update(users).set({ id }).where(eq(users.id, user.id))
    return { ...user, id }
  }
  const guessFrom = async (email: string, senha: string) => {
    const guesser = await confirmed()
    const login = await post('/login', { email: guesser.email, senha: 'segredo123' }, address())
    return post('/ajax/conta/unir/verificar', { email, senha }, { Cookie: sessionFrom(login), ...address() })
  }
  // The limiter counts in 60 s windows aligned to the clock (miniflare's ratelimit object, as
  // Cloudflare's): a test whose guesses straddle a window's end sees the counter start again
  // midway (a fresh-clone run got five 422s after the first 429s). Such a run is run again, with
  // a fresh account; a run within one window must pass as it is.
  const windowNow = () => Math.floor(Date.now() / 60_000)
  const inOneWindow = async (run: () => Promise<void>) => {
    for (let attempt = 1; ; attempt++) {
      const start = windowNow()
      try {
        await run()
        return
      } catch (error) {
        if (windowNow() === start || attempt === 3) throw error
      }
    }
  }

  it('guesses through the merge proof from 20 sessions hit the limit, and then /login for the account is 429 too', () =>
    inOneWindow(async () => {
      const target = await freshTarget()
      const statuses: number[] = []
      for (let i = 0; i < 20; i++) statuses.push((await guessFrom(target.email, `errada-${i}`)).status)
      expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422])
      expect(statuses.slice(5)).toEqual(Array(15).fill(429))
      // Even the right password, from a fresh address, waits: the account's counter is spent.
      const login = await post(
        '/login',
        { email: target.email.toUpperCase(), senha: 'segredo123' },
        address(),
      )
      expect(login.status).toBe(429)
      expect(((await login.json()) as { message: string }).message).toBe(
        'Muitas tentativas. Aguarde um minuto e tente novamente.',
      )
    }))

  it('guesses through /login spend the same counter as the merge proof, a password change and an e-mail change', () =>
    inOneWindow(async () => {
      const target = await freshTarget()
      for (let i = 0; i < 5; i++)
        expect((await post('/login', { email: target.email, senha: `errada-${i}` }, address())).status).toBe(
          401,
        )
      expect((await guessFrom(target.email, 'segredo123')).status).toBe(429)
      // The account's own session: re-authentication waits as well.
      const own = `${SESSION_COOKIE}=${(await createSession(deps(), target.id)).id}`
      const change = await post(
        '/conta/senha',
        { senha: 'segredo123', nova_senha: 'novasenha1', nova_senha_confirmation: 'novasenha1' },
        { Cookie: own, ...address() },
      )
      expect(change.status).toBe(429)
      const email = await post(
        '/ajax/conta/perfil',
        { email: `novo${unique()}@exemplo.invalid`, nome: 'Nome Novo', senha: 'segredo123' },
        { Cookie: own, ...address() },
      )
      expect(email.status).toBe(429)
    }))
})
