import { env, SELF } from 'cloudflare:test'
import { type NewUser, users } from '~/db/schema'
import { createDeps } from '~/deps.server'
import { createSession, SESSION_COOKIE } from '~/domain/auth/session.server'

export const BASE = `http://${env.BASE_DOMAIN}`
export const ORIGIN = { Origin: BASE }

export function deps() {
  return createDeps(env)
}

let counter = 0
/** Inserts a user with unique subdomain and e-mail; overrides win. */
export async function createUser(overrides: Partial<NewUser> = {}) {
  counter += 1
  const tag = `${Date.now().toString(36)}${counter}`
  const [user] = await deps()
    .db.insert(users)
    .values({
      subdomain: `teste${tag}`,
      email: `teste${tag}@exemplo.invalid`,
      name: `Pessoa Teste ${tag}`,
      kind: 'profissional',
      headline: 'Advogada',
      city: 'Campinas',
      uf: 'SP',
      ...overrides,
    })
    .returning()
  if (!user) throw new Error('user not inserted')
  return user
}

/** A real session in KV for `userId`, as the Cookie header a browser would send. */
export async function sessionCookie(userId: number): Promise<string> {
  const { id } = await createSession(deps(), userId)
  return `${SESSION_COOKIE}=${id}`
}

export function get(path: string, init: RequestInit = {}) {
  return SELF.fetch(path.startsWith('http') ? path : `${BASE}${path}`, init)
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(path.startsWith('http') ? path : `${BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...ORIGIN, ...headers },
    body: JSON.stringify(body),
  })
}

/** Polls until `check` returns a value (queues and cron effects are asynchronous). */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The `name=value` pairs a response sets, as a Cookie header for the next request. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}
