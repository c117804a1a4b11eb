import { createExecutionContext, env, SELF } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../workers/env'
import { onError } from '../../workers/lib/errors'
import { BASE, get, postJson } from './helpers'

describe('API conventions', () => {
  it('answers a D1 round trip on /api/saude', async () => {
    const res = await get('/api/saude')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', banco: true })
  })

  it('answers unknown API paths with JSON 404 in Portuguese', async () => {
    for (const path of ['/api/nada', '/ajax/nada']) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ status: 'error', errors: ['Recurso não encontrado.'] })
    }
  })

  it('refuses a POST without Origin, or from another site, with 403', async () => {
    const body = JSON.stringify({ termo: 'ana' })
    const headers = { 'Content-Type': 'application/json' }
    const missing = await SELF.fetch(`${BASE}/api/v2/busca/sugestoes`, { method: 'POST', headers, body })
    expect(missing.status).toBe(403)
    expect(await missing.json()).toMatchObject({
      status: 'error',
      errors: ['Origem da requisição não permitida.'],
    })
    for (const origin of ['https://evil.example', 'http://localhost:8787.evil.example', 'null']) {
      const res = await SELF.fetch(`${BASE}/api/v2/busca/sugestoes`, {
        method: 'POST',
        headers: { ...headers, Origin: origin },
        body,
      })
      expect(res.status).toBe(403)
    }
  })

  it('accepts a POST from a profile subdomain of the site', async () => {
    const res = await postJson(
      '/api/v2/busca/sugestoes',
      { termo: 'ana' },
      { Origin: 'http://ana.localhost:8787' },
    )
    expect(res.status).toBe(200)
  })

  it('answers malformed JSON with a 4xx in Portuguese, never a 500', async () => {
    const res = await SELF.fetch(`${BASE}/api/v2/busca/sugestoes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: BASE },
      body: '{"termo": ',
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ status: 'error', errors: ['Dados inválidos.'] })
  })

  it('rate limits by address through the Rate Limiting binding (429 in Portuguese)', async () => {
    const headers = { 'CF-Connecting-IP': '203.0.113.77' }
    const statuses: number[] = []
    for (let i = 0; i < 125; i++) {
      statuses.push((await postJson('/api/v2/busca/sugestoes', { termo: 'abc' }, headers)).status)
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    const limited = await postJson('/api/v2/busca/sugestoes', { termo: 'abc' }, headers)
    expect(await limited.json()).toMatchObject({
      status: 'error',
      errors: ['Muitas requisições. Aguarde um instante e tente novamente.'],
    })
    // Another address is unaffected.
    const other = await postJson(
      '/api/v2/busca/sugestoes',
      { termo: 'abc' },
      { 'CF-Connecting-IP': '203.0.113.78' },
    )
    expect(other.status).toBe(200)
  })

  it('turns an unexpected error into a generic Portuguese 500 with no stack trace', async () => {
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('requestId', 'req-teste')
        await next()
      })
      .get('/falha', () => {
        throw new Error('segredo interno: SELECT * FROM users')
      })
    app.onError(onError)
    const json = await app.request('/falha', {}, env)
    expect(json.status).toBe(500)
    expect(await json.json()).toMatchObject({ status: 'error', errors: ['Ocorreu um erro interno!'] })
    const html = await app.request('/falha', { headers: { Accept: 'text/html' } }, env)
    const body = await html.text()
    expect(body).toContain('Algo deu errado')
    expect(body).toContain('req-teste')
    expect(body).not.toContain('segredo interno')
  })

  it('hides the component gallery in production', async () => {
    const { app } = await import('../../workers/app.dev')
    const production = { ...env, ENVIRONMENT: 'production', BASE_DOMAIN: 'localhost' }
    const res = await app.request('/dev/galeria', {}, production, createExecutionContext())
    expect(res.status).toBe(404)
    const dev = await app.request(
      '/dev/galeria',
      {},
      { ...env, BASE_DOMAIN: 'localhost' },
      createExecutionContext(),
    )
    expect(dev.status).toBe(200)
  })

  it('hides development endpoints in production', async () => {
    const { app } = await import('../../workers/app.dev')
    const res = await app.request(
      '/__dev/notificacoes',
      {
        method: 'POST',
        headers: { Origin: 'https://example.com.br', 'Content-Type': 'application/json' },
        body: '{}',
      },
      { ...env, ENVIRONMENT: 'production', BASE_DOMAIN: 'example.com.br' },
    )
    expect(res.status).toBe(404)
  })
})
