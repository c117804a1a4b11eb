import { createExecutionContext, env, SELF } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { professionalMessages } from '~/db/schema-accounts'
import { authSecret } from '~/domain/auth/tokens.server'
import { createMailer, readMailbox } from '~/domain/mail/mail.server'
import { isLocalDev } from '~/domain/site/environment'
import { app as productionApp } from '../../workers/app'
import localWorker, { app as localApp } from '../../workers/app.dev'
import { createUser, deps } from './helpers'
import { DUMMY } from './profiles-helpers'

/** What a deploy without `--env production`, or a misconfigured one, would run with. */
const MISCONFIGURED: Record<string, Partial<Env>> = {
  'no LOCAL_DEV flag': { LOCAL_DEV: undefined },
  'LOCAL_DEV other than "1"': { LOCAL_DEV: 'true' },
  'ENVIRONMENT missing': { ENVIRONMENT: '' },
  'ENVIRONMENT staging': { ENVIRONMENT: 'staging' },
  'ENVIRONMENT production': { ENVIRONMENT: 'production' },
  'a public BASE_DOMAIN': { BASE_DOMAIN: 'example.com.br' },
}

const DEV_PATHS: [string, RequestInit][] = [
  ['/__dev/entrar', { method: 'POST', body: JSON.stringify({ email: 'ana@exemplo.invalid' }) }],
  ['/__dev/emails', {}],
  ['/__dev/notificacoes', { method: 'POST', body: '{}' }],
  ['/__dev/oidc/.well-known/openid-configuration', {}],
  ['/__dev/govbr/.well-known/openid-configuration', {}],
  ['/__dev/papeis', { method: 'POST', body: '{}' }],
  ['/__dev/materias-cpf', { method: 'POST', body: '{}' }],
  ['/__dev/turnstile/siteverify', { method: 'POST', body: '{}' }],
  ['/__dev/galeria/itens?cidade_nome=ca', {}],
  ['/dev/galeria', {}],
]

function request(app: typeof localApp, path: string, init: RequestInit, bindings: Env) {
  const base = bindings.BASE_DOMAIN.startsWith('localhost') ? 'http' : 'https'
  const headers = {
    Host: bindings.BASE_DOMAIN,
    Origin: `${base}://${bindings.BASE_DOMAIN}`,
    'Content-Type': 'application/json',
  }
  return app.request(
    `${base}://${bindings.BASE_DOMAIN}${path}`,
    { ...init, headers },
    bindings,
    createExecutionContext(),
  )
}

/** A request as the runtime hands it to the Worker (the type wants incoming `cf` properties). */
const incoming = (url: string) => new Request(url) as Request<unknown, IncomingRequestCfProperties>

describe('development back doors fail closed (issue 12, finding 3)', () => {
  it('isLocalDev needs the flag, a development or test ENVIRONMENT and a localhost BASE_DOMAIN', () => {
    const local = { LOCAL_DEV: '1', ENVIRONMENT: 'development', BASE_DOMAIN: 'localhost:8787' }
    expect(isLocalDev(local)).toBe(true)
    expect(isLocalDev({ ...local, ENVIRONMENT: 'test', BASE_DOMAIN: '127.0.0.1:9000' })).toBe(true)
    for (const [why, change] of Object.entries(MISCONFIGURED))
      expect(isLocalDev({ ...local, ...change }), why).toBe(false)
    expect(isLocalDev({ ...local, BASE_DOMAIN: 'localhost.example.com' })).toBe(false)
  })

  it('answers 404 on every dev route and the gallery when any condition is missing', async () => {
    for (const [path, init] of DEV_PATHS) {
      expect((await request(localApp, path, init, env)).status, path).not.toBe(404)
      for (const [why, change] of Object.entries(MISCONFIGURED)) {
        const res = await request(localApp, path, init, { ...env, ...change } as Env)
        expect(res.status, `${path}: ${why}`).toBe(404)
      }
    }
  })

  it('the production entry has no dev routes at all, even with the local flag', async () => {
    // Not found (GET) or not allowed (POST to the not-found page): never answered.
    for (const [path, init] of DEV_PATHS.filter(([p]) => p.startsWith('/__dev')))
      expect([404, 405], path).toContain((await request(productionApp, path, init, env)).status)
  })

  it('the local entry answers nothing on a public host (a deploy without --env production)', async () => {
    const res = await localWorker.fetch(
      incoming('https://jurisedge.conta.workers.dev/__dev/emails'),
      env,
      createExecutionContext(),
    )
    expect(res.status).toBe(404)
    const home = await localWorker.fetch(
      incoming('https://jurisedge.conta.workers.dev/'),
      env,
      createExecutionContext(),
    )
    expect(home.status).toBe(404)
  })

  it('refuses the development secrets outside local development', () => {
    const local = { LOCAL_DEV: '1', ENVIRONMENT: 'development', BASE_DOMAIN: 'localhost:8787' }
    expect(() => authSecret({ ...local, AUTH_SECRET: env.AUTH_SECRET })).not.toThrow()
    for (const [why, change] of Object.entries(MISCONFIGURED)) {
      expect(() => authSecret({ ...local, ...change, AUTH_SECRET: env.AUTH_SECRET }), why).toThrow()
      expect(() => authSecret({ ...local, ...change, AUTH_SECRET: 'x'.repeat(40) }), why).not.toThrow()
    }
  })

  it('keeps no mailbox copy outside local development', async () => {
    const to = `caixa${Date.now()}@exemplo.invalid`
    const sent: unknown[] = []
    const fakeEmail = { send: async (m: unknown) => void sent.push(m) } as unknown as SendEmail
    const mail = { to, subject: 'Redefinir senha', text: 'link', html: '<p>link</p>' }
    await createMailer({ ...env, LOCAL_DEV: undefined, EMAIL: fakeEmail }).send(mail)
    expect(sent).toHaveLength(1)
    expect(await readMailbox(env.SESSIONS, to)).toHaveLength(0)
    await createMailer({ ...env, EMAIL: fakeEmail }).send(mail)
    expect(await readMailbox(env.SESSIONS, to)).toHaveLength(1)
  })
})

describe('`wrangler dev --port N` (issue 12, finding 10)', () => {
  it('sends a professional message from another local port, through the Turnstile stand-in', async () => {
    const user = await createUser()
    const origin = 'http://localhost:9123'
    const res = await SELF.fetch(`${origin}/ajax/enviar-mensagem-profissional`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        Origin: origin,
        'CF-Connecting-IP': '198.51.100.250',
      },
      body: new URLSearchParams({
        nome: 'Visitante de Outra Porta',
        email: 'porta@exemplo.invalid',
        telefone: '11987654321',
        conteudo: 'Mensagem enviada com o servidor em outra porta.',
        'cf-turnstile-response': DUMMY,
        usuario_id: String(user.id),
      }),
    })
    expect(res.status).toBe(200)
    const stored = await deps()
      .db.select()
      .from(professionalMessages)
      .where(eq(professionalMessages.recipientId, user.id))
    expect(stored).toHaveLength(1)
    // Links and the stand-in provider follow the same port.
    const page = await (await SELF.fetch(`${origin}/login`)).text()
    expect(page).toContain('href="http://localhost:9123/busca')
    const google = await SELF.fetch(`${origin}/entrar/google`, { redirect: 'manual' })
    expect(google.headers.get('location')).toMatch(/^http:\/\/localhost:9123\/__dev\/oidc\/authorize\?/)
  })
})
