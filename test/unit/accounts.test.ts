import { env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { cities, occupations } from '~/db/schema-corpus'
import { hashPassword, PBKDF2_MAX_ITERATIONS, verifyPassword } from '~/domain/auth/password.server'
import { SESSION_COOKIE } from '~/domain/auth/session.server'
import { authSecret, signToken } from '~/domain/auth/tokens.server'
import { readMailbox } from '~/domain/mail/mail.server'
import { BASE, createUser, deps, get, ORIGIN } from './helpers'

let seq = 0
const unique = () => `${Date.now().toString(36)}${++seq}`

function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
      ...ORIGIN,
      ...headers,
    },
    body: new URLSearchParams(body),
    redirect: 'manual',
  })
}

function sessionFrom(response: Response): string {
  const header = response.headers.get('set-cookie') ?? ''
  const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(header)
  if (!match?.[1]) throw new Error(`no session cookie in ${header}`)
  return `${SESSION_COOKIE}=${match[1]}`
}

async function loggedInAs(cookie: string): Promise<boolean> {
  const html = await (await get('/', { headers: { Cookie: cookie } })).text()
  return html.includes('data-user-menu')
}

async function ensureReference() {
  const db = deps().db
  await db
    .insert(occupations)
    .values({ code: '241005', title: 'Advogado', slug: 'advogado' })
    .onConflictDoNothing()
  await db
    .insert(cities)
    .values({ code: 3509502, name: 'Campinas', uf: 'SP', slug: 'campinas-sp' })
    .onConflictDoNothing()
}

function signupForm(overrides: Record<string, string> = {}) {
  const tag = unique()
  return {
    subdominio: `Ana${tag}`,
    email: `ana.${tag}@exemplo.invalid`,
    nome: 'Ana Cadastro',
    data_nascimento: '10/04/1990',
    senha: 'segredo123',
    perfil: 'profissional',
    profissao: '241005',
    cidade: '3509502',
    ...overrides,
  }
}

async function createWithPassword(password = 'segredo123') {
  const user = await createUser({ passwordHash: await hashPassword(password) })
  return user
}

describe('passwords', () => {
  it('hashes with PBKDF2-SHA256 at the production cap, a per-user salt and a self-describing string', async () => {
    const a = await hashPassword('segredo')
    const b = await hashPassword('segredo')
    expect(a).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('segredo', a)).toBe(true)
    expect(await verifyPassword('Segredo', a)).toBe(false)
  })

  it('refuses more than 100,000 iterations, which production Workers reject (local workerd does not)', async () => {
    expect(PBKDF2_MAX_ITERATIONS).toBe(100_000)
    await expect(hashPassword('x', 100_001)).rejects.toThrow(RangeError)
    // A stored hash above the cap is refused, not computed.
    const over = (await hashPassword('segredo')).replace('$100000$', '$600000$')
    expect(await verifyPassword('segredo', over)).toBe(false)
  })
})

describe('signup', () => {
  it('creates the account, logs in with a secure cookie and sends the confirmation e-mail whose link confirms', async () => {
    await ensureReference()
    const form = signupForm()
    const res = await post('/cadastrar', form)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, string>
    expect(body).toMatchObject({ status: 'success', message: 'Cadastrado com sucesso!' })
    expect(body.redirect_url).toBe('/conta/perfil')
    const setCookie = res.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/__Host-sid=[A-Za-z0-9_-]{43}/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/Secure/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toMatch(/Path=\//)
    expect(setCookie).not.toMatch(/Domain=/i)
    expect(await loggedInAs(sessionFrom(res))).toBe(true)

    const [row] = await deps().db.select().from(users).where(eq(users.email, form.email))
    expect(row).toMatchObject({
      subdomain: form.subdominio.toLowerCase(),
      headline: 'Advogado',
      occupationCode: '241005',
      city: 'Campinas',
      uf: 'SP',
      birthDate: '1990-04-10',
      emailConfirmedAt: null,
    })
    expect(row?.passwordHash).toMatch(/^pbkdf2-sha256\$/)

    const mail = await waitForMail(form.email)
    expect(mail.subject).toContain('Confirme seu e-mail')
    const link = /https?:\/\/\S+\/confirmar-email\?token=[\w.-]+/.exec(mail.text)?.[0]
    expect(link).toBeTruthy()
    const page = await SELF.fetch(link as string)
    expect(await page.text()).toContain('E-mail confirmado')
    const [confirmed] = await deps().db.select().from(users).where(eq(users.email, form.email))
    expect(confirmed?.emailConfirmedAt).toBeGreaterThan(0)
  })

  it('answers every §5 message for bad input, with a 422 and nothing written', async () => {
    await ensureReference()
    const cases: [Record<string, string>, string][] = [
      [{ subdominio: '' }, 'Informe o nome de usuário.'],
      [{ subdominio: 'ana-maria' }, 'Digite apenas letras e números'],
      [{ email: '' }, 'O campo e-mail é obrigatório.'],
      [{ email: 'ana@' }, 'Insira um e-mail válido.'],
      [{ nome: '' }, 'O campo nome é obrigatório.'],
      [{ data_nascimento: '31/02/1990' }, 'Digite uma data válida'],
      [{ data_nascimento: '1990-04-10' }, 'Digite uma data válida'],
      [{ senha: '' }, 'O campo senha é obrigatório.'],
      [{ senha: '12345' }, 'A senha deve ter no mínimo 6 caracteres'],
      [{ cidade: '' }, 'Informe o nome da sua cidade.'],
    ]
    for (const [override, message] of cases) {
      const form = signupForm(override)
      const res = await post('/cadastrar', form)
      expect(res.status, message).toBe(422)
      const body = (await res.json()) as { status: string; message: string; errors: string[] }
      expect(body.status).toBe('error')
      expect(body.errors).toContain(message)
      const rows = await deps().db.select().from(users).where(eq(users.email, form.email.toLowerCase()))
      expect(rows).toHaveLength(0)
    }
  })

  it('refuses a taken username or e-mail with the §5 messages; the live checks say the same', async () => {
    await ensureReference()
    const taken = await createUser()
    const byName = await post('/cadastrar', signupForm({ subdominio: taken.subdomain.toUpperCase() }))
    expect(byName.status).toBe(409)
    expect(((await byName.json()) as { message: string }).message).toBe(
      'Este nome de usuário já está em uso!',
    )
    const byEmail = await post('/cadastrar', signupForm({ email: taken.email }))
    expect(((await byEmail.json()) as { message: string }).message).toBe('Este e-mail já está em uso!')

    const check = async (path: string, body: Record<string, string>) => (await post(path, body)).json()
    expect(await check('/ajax/verificar-subdominio-existe', { subdominio: taken.subdomain })).toBe(false)
    expect(await check('/ajax/verificar-subdominio-existe', { subdominio: 'www' })).toBe(false)
    expect(await check('/ajax/verificar-subdominio-existe', { subdominio: `livre${unique()}` })).toBe(true)
    expect(await check('/cadastrar/verificar-email-existe', { email: taken.email.toUpperCase() })).toBe(false)
    expect(
      await check('/cadastrar/verificar-email-existe', { email: `livre${unique()}@exemplo.invalid` }),
    ).toBe(true)
  })

  it('rate limits the live checks per address', async () => {
    const headers = { 'cf-connecting-ip': `203.0.113.${(seq % 200) + 1}` }
    const statuses: number[] = []
    for (let i = 0; i < 32; i++)
      statuses.push(
        (await post('/ajax/verificar-subdominio-existe', { subdominio: 'algum' }, headers)).status,
      )
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('login and logout', () => {
  it('logs in with a new session id each time and logs out', async () => {
    const user = await createWithPassword()
    const planted = `${SESSION_COOKIE}=${'A'.repeat(43)}`
    const res = await post(
      '/login?auth.redirect=%2Fprocessos%2F123',
      { email: user.email.toUpperCase(), senha: 'segredo123' },
      { Cookie: planted },
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'success',
      url_intended: '/processos/123',
      refresh: false,
      message: 'Autenticado com sucesso!',
    })
    const first = sessionFrom(res)
    expect(first).not.toBe(planted)
    const again = sessionFrom(
      await post('/login', { email: user.email, senha: 'segredo123' }, { Cookie: first }),
    )
    expect(again).not.toBe(first)
    expect(await loggedInAs(first)).toBe(false) // the old id was ended at login
    expect(await loggedInAs(again)).toBe(true)

    const out = await post('/logout', {}, { Cookie: again })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/__Host-sid=;.*Max-Age=0/i)
    expect(await loggedInAs(again)).toBe(false)
  })

  it('never redirects to another site after login', async () => {
    const user = await createWithPassword()
    for (const target of ['https://evil.example/x', '//evil.example', 'javascript:alert(1)']) {
      const res = await post(`/login?auth.redirect=${encodeURIComponent(target)}`, {
        email: user.email,
        senha: 'segredo123',
      })
      expect(((await res.json()) as { url_intended: string }).url_intended).toBe('/')
    }
  })

  it('answers the same message for a wrong password and an unknown e-mail, and the §5 messages', async () => {
    const user = await createWithPassword()
    const wrong = await post('/login', { email: user.email, senha: 'errada' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ status: 'error', message: 'E-mail ou senha incorretos.' })
    const unknown = await post('/login', { email: `ninguem${unique()}@exemplo.invalid`, senha: 'x' })
    expect(((await unknown.json()) as { message: string }).message).toBe('E-mail ou senha incorretos.')
    const empty = await post('/login', { email: '', senha: '' })
    expect(((await empty.json()) as { message: string }).message).toBe('O campo e-mail é obrigatório.')
    const noPassword = await post('/login', { email: user.email, senha: '' })
    expect(((await noPassword.json()) as { message: string }).message).toBe('O campo senha é obrigatório.')
    const invalid = await post('/login', { email: 'ana', senha: 'x' })
    expect(((await invalid.json()) as { message: string }).message).toBe('Insira um e-mail válido.')
  })

  it('rate limits login per account, even from different addresses', async () => {
    const user = await createWithPassword()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await post(
        '/login',
        { email: user.email, senha: 'errada' },
        { 'cf-connecting-ip': `198.51.100.${i + 1}` },
      )
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses[5]).toBe(429)
    const blocked = await post(
      '/login',
      { email: user.email, senha: 'segredo123' },
      { 'cf-connecting-ip': '198.51.100.99' },
    )
    expect(((await blocked.json()) as { message: string }).message).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    )
  })

  it('rate limits login per address, whatever accounts it tries', async () => {
    const headers = { 'cf-connecting-ip': '192.0.2.77' }
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await post('/login', { email: `tentativa${i}.${unique()}@exemplo.invalid`, senha: 'x' }, headers))
          .status,
      )
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  it('refuses state-changing requests from another origin', async () => {
    const user = await createWithPassword()
    const res = await post(
      '/login',
      { email: user.email, senha: 'segredo123' },
      { Origin: 'https://evil.example' },
    )
    expect(res.status).toBe(403)
    expect(res.headers.get('set-cookie')).toBeNull()
    const noOrigin = await SELF.fetch(`${BASE}/cadastrar`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signupForm()),
    })
    expect(noOrigin.status).toBe(403)
  })
})

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
    const res = await post('/senha/esqueci', { email: user.email })
    expect(await res.json()).toMatchObject({ status: 'success' })
    // An unknown address gets the same answer and no e-mail.
    const unknownEmail = `ninguem${unique()}@exemplo.invalid`
    expect(await (await post('/senha/esqueci', { email: unknownEmail })).json()).toMatchObject({
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

async function waitForMail(to: string) {
  for (let i = 0; i < 50; i++) {
    const [mail] = await readMailbox(env.SESSIONS, to)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail for ${to}`)
}

describe('social login (Google OpenID Connect) against the stand-in provider', () => {
  async function throughProvider(email: string, verified = true, returnTo = '/processos/1') {
    const start = await SELF.fetch(`${BASE}/entrar/google?auth.redirect=${encodeURIComponent(returnTo)}`, {
      redirect: 'manual',
    })
    expect(start.status).toBe(302)
    const authorize = new URL(start.headers.get('location') ?? '')
    expect(authorize.pathname).toBe('/__dev/oidc/authorize')
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    const stateCookie = /__Host-oidc=[^;]+/.exec(start.headers.get('set-cookie') ?? '')?.[0] ?? ''
    expect(stateCookie).not.toBe('')
    const consent = await SELF.fetch(`${BASE}/__dev/oidc/authorize`, {
      method: 'POST',
      headers: { ...ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...Object.fromEntries(authorize.searchParams),
        email,
        name: 'Gabriela Google',
        ...(verified ? { email_verified: 'true' } : {}),
      }),
      redirect: 'manual',
    })
    const callback = consent.headers.get('location') ?? ''
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
