import { env, SELF } from 'cloudflare:test'
import { cities, occupations } from '~/db/schema-corpus'
import { SESSION_COOKIE } from '~/domain/auth/session.server'
import { readMailbox } from '~/domain/mail/mail.server'
import { hashPassword } from '~/domain/users/password.server'
import { BASE, createUser, deps, get, ORIGIN } from './helpers'

export let seq = 0
export const unique = () => `${Date.now().toString(36)}${++seq}`

export function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
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

export function sessionFrom(response: Response): string {
  const header = response.headers.get('set-cookie') ?? ''
  const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(header)
  if (!match?.[1]) throw new Error(`no session cookie in ${header}`)
  return `${SESSION_COOKIE}=${match[1]}`
}

export async function loggedInAs(cookie: string): Promise<boolean> {
  const html = await (await get('/', { headers: { Cookie: cookie } })).text()
  return html.includes('data-user-menu')
}

export async function ensureReference() {
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

export function signupForm(overrides: Record<string, string> = {}) {
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

/** An account with a password whose address nobody confirmed yet (as a fresh signup's). */
export async function createWithPassword(password = 'segredo123') {
  const user = await createUser({ passwordHash: await hashPassword(password), emailConfirmedAt: null })
  return user
}

export async function waitForMail(to: string) {
  for (let i = 0; i < 50; i++) {
    const [mail] = await readMailbox(env.SESSIONS, to)
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail for ${to}`)
}

/**
 * "Entrar com o Google" through the stand-in provider up to its redirect back: the callback URL
 * (with the code) and the state cookie the callback needs.
 */
export async function throughGoogle(
  email: string,
  { verified = true, returnTo = '/processos/1', name = 'Gabriela Google' } = {},
) {
  const start = await SELF.fetch(`${BASE}/entrar/google?auth.redirect=${encodeURIComponent(returnTo)}`, {
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
      name,
      ...(verified ? { email_verified: 'true' } : {}),
    }),
    redirect: 'manual',
  })
  return { start, authorize, stateCookie, callback: consent.headers.get('location') ?? '' }
}
