import { SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { SESSION_COOKIE } from '~/domain/auth/session.server'
import { hashPassword, PBKDF2_MAX_ITERATIONS, verifyPassword } from '~/domain/users/password.server'
import {
  createWithPassword,
  ensureReference,
  loggedInAs,
  post,
  seq,
  sessionFrom,
  signupForm,
  unique,
  waitForMail,
} from './accounts-helpers'
import { BASE, createUser, deps } from './helpers'
import { DUMMY } from './profiles-helpers'

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
    const cookies = res.headers.getSetCookie()
    const setCookie = cookies.find((c) => c.startsWith('__Host-sid=')) ?? ''
    expect(setCookie).toMatch(/__Host-sid=[A-Za-z0-9_-]{43}/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/Secure/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).toMatch(/Path=\//)
    expect(setCookie).not.toMatch(/Domain=/i)
    // The parent-domain hint for profile hosts carries nothing (decisions/0023).
    expect(cookies.find((c) => c.startsWith('sessao_ativa='))).toMatch(
      /^sessao_ativa=[A-Za-z0-9_-]{16};.*Domain=localhost/,
    )
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

    // `{status: 'success', disponivel}` (decisions/0070: the site's calls answer `status`).
    // The e-mail's check needs a captcha pass, bought with a verified Turnstile token (decisions/0092).
    const check = async (path: string, body: Record<string, string>) =>
      (
        (await (await post(path, { ...body, 'cf-turnstile-response': DUMMY })).json()) as {
          disponivel: boolean
        }
      ).disponivel
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
