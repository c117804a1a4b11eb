import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { webhooks } from '~/db/schema-monitoring'
import { webhookUrlProblem } from '~/schemas/webhook-url'
import { createUser, get, postJson, sessionCookie } from './helpers'
import { db, saveUrl } from './monitoring-webhooks-helpers'

// Issue 27 item 11 (decisions/0051): webhook addresses and secret rotation, and the routes' bad
// input; the retries and "Reenviar" are in monitoring-webhook-retries.test.ts.

describe('webhook addresses', () => {
  it('refuses credentials, plain http, odd ports, IP literals in any spelling and internal names, in Portuguese under the field', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const refused: [string, RegExp][] = [
      ['https://usuario:senha@ganchos.exemplo.com.br/jurisedge', /usuário e a senha/],
      ['https://usuario@ganchos.exemplo.com.br/jurisedge', /usuário e a senha/],
      ['https://:senha@ganchos.exemplo.com.br/', /usuário e a senha/],
      ['http://ganchos.exemplo.com.br/jurisedge', /precisa começar com https/],
      ['https://ganchos.exemplo.com.br:8443/jurisedge', /porta padrão/],
      ['https://[fd00::1]/', /número IP/],
      ['https://[::ffff:7f00:1]/', /número IP/],
      ['https://167772161/', /número IP/],
      ['https://0xa.0.0.1/', /número IP/],
      ['https://012.0.0.1/', /número IP/],
      ['https://0xa9fea9fe/latest/meta-data', /número IP/],
      ['https://10.0.0.1/', /número IP/],
      ['https://8.8.8.8/', /número IP/],
      ['https://metadata/computeMetadata', /rede interna/],
      ['https://metadata.google.internal/', /rede interna/],
      ['https://impressora.local/', /rede interna/],
      ['javascript:alert(1)', /endereço https válido/],
      ['não é endereço', /endereço https válido/],
    ]
    for (const [url, message] of refused) {
      const response = await saveUrl(url, cookie)
      expect(response.status, url).toBe(422)
      const body = (await response.json()) as { errors: string[]; fields?: Record<string, string> }
      expect(body.errors.join(' '), url).toMatch(message)
      expect(body.fields?.url, url).toMatch(message)
    }
    expect(await db().select().from(webhooks).where(eq(webhooks.userId, user.id))).toEqual([])
    const accepted = await saveUrl('https://ação.exemplo.com.br/ganchos', cookie)
    expect(accepted.status).toBe(200)
    const [hook] = await db().select().from(webhooks).where(eq(webhooks.userId, user.id))
    expect(hook?.url).toBe('https://xn--ao-siap.exemplo.com.br/ganchos')
  })

  it('refuses every spelling of this machine outside local development', () => {
    for (const url of [
      'https://localhost/',
      'https://localhost./',
      'https://LOCALHOST../',
      'https://api.localhost/',
      'https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/',
      'https://１２７.０.０.１/',
      'https://127.1/',
      'https://2130706433/',
      'https://0x7f.0.0.1/',
      'https://0177.0.0.1/',
      'https://[0:0:0:0:0:0:0:1]/',
      'https://[::1]/',
      'http://localhost:8787/__dev/webhook',
    ])
      expect(webhookUrlProblem(url, false), url).not.toBeNull()
    expect(webhookUrlProblem('http://localhost:8787/__dev/webhook', true)).toBeNull()
    expect(webhookUrlProblem('http://usuario:senha@localhost:8787/__dev/webhook', true)).toBe(
      'webhook.credentials',
    )
    expect(webhookUrlProblem('https://ganchos.exemplo.com.br/a?b=1', false)).toBeNull()
  })

  it('gives a new signing secret whenever the address changes, and keeps it when it does not', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const secretOf = async () =>
      (await db().select().from(webhooks).where(eq(webhooks.userId, user.id)))[0]?.secret
    const created = await saveUrl('https://ganchos.exemplo.com.br/a', cookie)
    expect(((await created.json()) as { message: string }).message).toBe('Webhook salvo.')
    const first = await secretOf()
    const same = await saveUrl('https://ganchos.exemplo.com.br/a', cookie)
    expect(((await same.json()) as { message: string }).message).toBe('Webhook salvo.')
    expect(await secretOf()).toBe(first)
    const moved = await saveUrl('https://outro.exemplo.com.br/b', cookie)
    expect(((await moved.json()) as { message: string }).message).toMatch(/novo segredo da assinatura/)
    const second = await secretOf()
    expect(second).toMatch(/^[0-9a-f]{64}$/)
    expect(second).not.toBe(first)
    // The page shows the secret now in use.
    const page = await (await get('/monitoramentos', { headers: { Cookie: cookie } })).text()
    expect(page).toContain(second)
    expect(page).not.toContain(first)
  })
})

describe('webhook routes and bad input', () => {
  it('answer every bad input with a 4xx in Portuguese, never a 5xx or English', async () => {
    const cookie = await sessionCookie((await createUser()).id)
    const english = /\b(expected|invalid input|received|required|must|string|number|object)\b/i
    const paths = [
      '/ajax/monitoramentos/webhook',
      '/ajax/monitoramentos/webhook/teste',
      '/ajax/monitoramentos/webhook/excluir',
      ...['abc', '0', '-1', '1e3', '99999999999999999999', '%00'].map(
        (id) => `/ajax/monitoramentos/webhook/entregas/${id}/reenviar`,
      ),
    ]
    const bodies: unknown[] = [
      null,
      [1],
      'x',
      { url: 42 },
      { url: ['https://a.exemplo.com.br/'] },
      { url: 'https://a.exemplo.com.br/'.padEnd(600, 'a') },
      { url: 'https://exemplo.com.br\r\nX-Injetado: 1/' },
      { url: 'https://\u202eexemplo.com.br/' },
    ]
    for (const path of paths)
      for (const body of bodies) {
        const response = await postJson(path, body, { Cookie: cookie })
        const text = await response.text()
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500)
        if (response.status >= 400) expect(text, `${path} ${JSON.stringify(body)}`).not.toMatch(english)
      }
  })
})
