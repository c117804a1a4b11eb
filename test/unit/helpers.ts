import { env, SELF } from 'cloudflare:test'
import { type NewUser, users } from '~/db/schema'
import { createDeps } from '~/deps.server'
import { createSession, SESSION_COOKIE } from '~/domain/auth/session.server'
import type { GazetteArticleRecord } from '~/domain/corpus/store/gazettes.server'

export const BASE = `http://${env.BASE_DOMAIN}`
export const ORIGIN = { Origin: BASE }

export function deps() {
  return createDeps(env)
}

let counter = 0
/**
 * Inserts a user with unique subdomain and e-mail, its address confirmed as a real member's is
 * (following, commenting and voting ask for it, decisions/0092); overrides win
 * (`emailConfirmedAt: null` for an unconfirmed account).
 */
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
      emailConfirmedAt: Date.now(),
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

/** A decision (jurisprudência) record as the importer stores it; `prefix` keeps ids apart per file. */
export const decisionRecord = (prefix: string, id: string, summary: string) => ({
  externalId: `${prefix}:${id}`,
  court: 'TJSP',
  className: 'Apelação Cível',
  number: `000000${id}-00.2020.8.26.0001`,
  rapporteur: 'Des. Teste',
  judgingBody: '1ª Câmara',
  judgedAt: null,
  publishedAt: '2021-01-01',
  summary,
  fullText: null,
  outcome: null,
})

/** A matéria (a Portaria on page 1 of edition 1) as the importer stores it; `prefix` keeps ids apart per file. */
export const gazetteArticleRecord = (
  prefix: string,
  id: string,
  body: string,
  date: string,
  gazette: { slug: string; name: string; uf: string },
  section: string | null = null,
): GazetteArticleRecord => ({
  gazette: { slug: gazette.slug, name: gazette.name, sphere: 'estadual', uf: gazette.uf },
  edition: { date, number: '1', extra: false },
  section,
  externalId: `${prefix}-${id}`,
  kind: 'Portaria',
  organ: null,
  title: `PORTARIA ${id}`,
  body,
  page: 1,
  lawsuitCnj: null,
})

/** A browser without JavaScript: a form post asking for a page, sent from one of our pages. */
export function plainPost(path: string, fields: Record<string, string | string[]>, cookie = '', from = '/') {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item)
  return get(path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html,application/xhtml+xml',
      Referer: `${ORIGIN.Origin}${from}`,
      ...ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body,
  })
}
