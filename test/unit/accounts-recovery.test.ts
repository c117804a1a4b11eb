import { env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { authSecret, signToken } from '~/domain/auth/tokens.server'
import { readMailbox } from '~/domain/mail/mail.server'
import {
  createWithPassword,
  ensureReference,
  loggedInAs,
  post,
  sessionFrom,
  signupForm,
  throughGoogle,
  unique,
  waitForMail,
} from './accounts-helpers'
import { BASE, deps, get } from './helpers'

describe('passwords: change and reset', () => {
  it('changing the password ends the other sessions and keeps this one under a new id', async () => {
    const user = await createWithPassword()
    const a = sessionFrom(await post('/login', { email: user.email, senha: 'segredo123' }))
    const b = sessionFrom(await post('/login', { email: user.email, senha: 'segredo123' }))
    const mismatch = await post(
      '/conta/senha',
      { senha: 'segredo123', nova_senha: 'novasenha', nova_senha_confirmation: 'outra' },
      { Cookie: b },
    )
    expect(((await mismatch.json()) as { errors: string[] }).errors).toEqual(['As senhas não coincidem.'])
    const missing = await post(
      '/conta/senha',
      { senha: '', nova_senha: '', nova_senha_confirmation: '' },
      { Cookie: b },
    )
    expect(((await missing.json()) as { errors: string[] }).errors).toEqual(
      expect.arrayContaining(['O campo senha é obrigatório.', 'Informe a senha novamente.']),
    )
    const wrong = await post(
      '/conta/senha',
      { senha: 'errada', nova_senha: 'novasenha', nova_senha_confirmation: 'novasenha' },
      { Cookie: b },
    )
    expect(wrong.status).toBe(422)
    const ok = await post(
      '/conta/senha',
      { senha: 'segredo123', nova_senha: 'novasenha', nova_senha_confirmation: 'novasenha' },
      { Cookie: b },
    )
    expect(ok.status).toBe(200)
    const renewed = sessionFrom(ok)
    expect(await loggedInAs(renewed)).toBe(true)
    expect(await loggedInAs(a)).toBe(false)
    expect(await loggedInAs(b)).toBe(false)
    expect((await post('/login', { email: user.email, senha: 'novasenha' })).status).toBe(200)
  })

  it('resets by e-mail with a link that works once and not after 30 minutes', async () => {
    const user = await createWithPassword()
    // Its own client address: the reset's per-address counter (3 a minute) is not this file's
    // alone when files share a runtime (the conformance cases ask for links too).
    const client = {
      'cf-connecting-ip': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    }
    const res = await post('/senha/esqueci', { email: user.email }, client)
    expect(await res.json()).toMatchObject({ status: 'success' })
    // An unknown address gets the same answer and no e-mail.
    const unknownEmail = `ninguem${unique()}@exemplo.invalid`
    expect(await (await post('/senha/esqueci', { email: unknownEmail }, client)).json()).toMatchObject({
      status: 'success',
    })

    const mail = await waitForMail(user.email)
    const token = decodeURIComponent(/senha\/redefinir\?token=([\w.%-]+)/.exec(mail.text)?.[1] ?? '')
    expect(token).not.toBe('')
    const page = await (await SELF.fetch(`${BASE}/senha/redefinir?token=${encodeURIComponent(token)}`)).text()
    expect(page).toContain('Escolha uma nova senha')

    const done = await post('/senha/redefinir', {
      token,
      nova_senha: 'trocada1',
      nova_senha_confirmation: 'trocada1',
    })
    expect(done.status).toBe(200)
    expect(await loggedInAs(sessionFrom(done))).toBe(true)
    const reused = await post('/senha/redefinir', {
      token,
      nova_senha: 'trocada2',
      nova_senha_confirmation: 'trocada2',
    })
    expect(reused.status).toBe(422)
    expect(((await reused.json()) as { errors: string[] }).errors[0]).toContain('inválido')
    // The spent link's page says so, with a 4xx (issue 38).
    const spent = await SELF.fetch(`${BASE}/senha/redefinir?token=${encodeURIComponent(token)}`)
    expect(spent.status).toBe(400)
    expect(await spent.text()).toContain('Este link para redefinir a senha é inválido')

    const old = await signToken(
      authSecret(env),
      'redefinir-senha',
      { uid: user.id, pwc: 0 },
      new Date(Date.now() - 31 * 60_000),
    )
    const expired = await post('/senha/redefinir', {
      token: old,
      nova_senha: 'trocada3',
      nova_senha_confirmation: 'trocada3',
    })
    expect(expired.status).toBe(422)
    expect((await readMailbox(env.SESSIONS, unknownEmail)).length).toBe(0)
  })

  it('refuses the development secret in production', () => {
    expect(() => authSecret({ AUTH_SECRET: env.AUTH_SECRET, ENVIRONMENT: 'production' })).toThrow()
    expect(() => authSecret({ AUTH_SECRET: 'x'.repeat(40), ENVIRONMENT: 'production' })).not.toThrow()
  })
})

describe('social login (Google OpenID Connect) against the stand-in provider', () => {
  async function throughProvider(email: string, verified = true, returnTo = '/processos/1') {
    const { start, authorize, stateCookie, callback } = await throughGoogle(email, { verified, returnTo })
    expect(start.status).toBe(302)
    expect(authorize.pathname).toBe('/__dev/oidc/authorize')
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(stateCookie).not.toBe('')
    expect(callback).toContain('/entrar/google/retorno?code=')
    return { callback, stateCookie }
  }

  it('a new Google account goes to complete signup, which creates a confirmed account', async () => {
    await ensureReference()
    const email = `gabi${unique()}@exemplo.invalid`
    const { callback, stateCookie } = await throughProvider(email)
    const back = await SELF.fetch(callback, { headers: { Cookie: stateCookie }, redirect: 'manual' })
    expect(back.status).toBe(303)
    expect(back.headers.get('location')).toBe('/cadastrar/completar')
    const pending = /__Host-cadastro=[^;]+/.exec(back.headers.get('set-cookie') ?? '')?.[0] ?? ''
    const page = await (await get('/cadastrar/completar', { headers: { Cookie: pending } })).text()
    expect(page).toContain(email)

    const form = signupForm({ email, email_confirmation: email.toUpperCase(), nome: 'Gabriela Google' })
    const { senha: _unused, ...withoutPassword } = form
    const mismatch = await post(
      '/cadastrar/completar',
      { ...withoutPassword, email_confirmation: 'outro@exemplo.invalid' },
      { Cookie: pending },
    )
    expect(((await mismatch.json()) as { message: string }).message).toBe('Os e-emails não coincidem.')
    const done = await post('/cadastrar/completar', withoutPassword, { Cookie: pending })
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({ status: 'success', redirect_url: '/processos/1' })
    expect(await loggedInAs(sessionFrom(done))).toBe(true)
    const [row] = await deps().db.select().from(users).where(eq(users.email, email))
    expect(row?.googleSub).toMatch(/^\d+$/)
    expect(row?.passwordHash).toBeNull()
    expect(row?.emailConfirmedAt).toBeGreaterThan(0)

    // Next time the same Google account logs straight in and returns where it was.
    const again = await throughProvider(email, true, '/busca?q=x')
    const login = await SELF.fetch(again.callback, {
      headers: { Cookie: again.stateCookie },
      redirect: 'manual',
    })
    expect(login.headers.get('location')).toBe('/busca?q=x')
    expect(await loggedInAs(sessionFrom(login))).toBe(true)
  })

  it('links an existing account only through a verified e-mail', async () => {
    const user = await createWithPassword()
    const unverified = await throughProvider(user.email, false)
    const first = await SELF.fetch(unverified.callback, {
      headers: { Cookie: unverified.stateCookie },
      redirect: 'manual',
    })
    expect(first.headers.get('location')).toBe('/cadastrar/completar')
    const verified = await throughProvider(user.email, true)
    const second = await SELF.fetch(verified.callback, {
      headers: { Cookie: verified.stateCookie },
      redirect: 'manual',
    })
    expect(second.headers.get('location')).toBe('/processos/1')
    expect(await loggedInAs(sessionFrom(second))).toBe(true)
  })

  it('refuses a callback without the state cookie, with a forged state, or a replayed code', async () => {
    const { callback, stateCookie } = await throughProvider(`x${unique()}@exemplo.invalid`)
    const noCookie = await SELF.fetch(callback, { redirect: 'manual' })
    expect(noCookie.headers.get('location')).toBe('/login?erro=google')
    const forged = callback.replace(/state=[^&]+/, 'state=forjado')
    const bad = await SELF.fetch(forged, { headers: { Cookie: stateCookie }, redirect: 'manual' })
    expect(bad.headers.get('location')).toBe('/login?erro=google')
    // The code was spent by neither call above (state failed first); use it, then replay it.
    const ok = await SELF.fetch(callback, { headers: { Cookie: stateCookie }, redirect: 'manual' })
    expect(ok.headers.get('location')).toBe('/cadastrar/completar')
    const replay = await SELF.fetch(callback, { headers: { Cookie: stateCookie }, redirect: 'manual' })
    expect(replay.headers.get('location')).toBe('/login?erro=google')
  })
})
