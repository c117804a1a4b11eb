import { SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import {
  createWithPassword,
  ensureReference,
  loggedInAs,
  post,
  sessionFrom,
  signupForm,
  unique,
} from './accounts-helpers'
import { BASE, deps, ORIGIN } from './helpers'

/** The stand-in provider's round trip: the callback URL and the state cookie it needs. */
async function googleCallback(email: string, verified: boolean) {
  const start = await SELF.fetch(`${BASE}/entrar/google?auth.redirect=%2Fconta%2Fperfil`, {
    redirect: 'manual',
  })
  const authorize = new URL(start.headers.get('location') ?? '')
  const stateCookie = /__Host-oidc=[^;]+/.exec(start.headers.get('set-cookie') ?? '')?.[0] ?? ''
  const consent = await SELF.fetch(`${BASE}/__dev/oidc/authorize`, {
    method: 'POST',
    headers: { ...ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...Object.fromEntries(authorize.searchParams),
      email,
      name: 'Dona do E-mail',
      ...(verified ? { email_verified: 'true' } : {}),
    }),
    redirect: 'manual',
  })
  const callback = consent.headers.get('location') ?? ''
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
