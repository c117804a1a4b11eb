import { SELF } from 'cloudflare:test'
import { hc } from 'hono/client'
import { describe, expect, it } from 'vitest'
import type { AppType } from '../../workers/create-app'
import { BASE, createUser, ORIGIN, sessionCookie } from './helpers'

// The app's type carries the registry's routes (issue 29; test/types/app-type.ts checks the
// types): a client generated from it, not ours, calls the real Worker and reads typed answers.

const client = (headers: Record<string, string> = {}) =>
  hc<AppType>(BASE, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => SELF.fetch(input, init),
    headers,
  })

describe("the app's type (hc<AppType>)", () => {
  it('reads the health probe and the site search as the declarations type them', async () => {
    const health = await client().api.saude.$get({ query: {} })
    expect(health.status).toBe(200)
    if (health.status === 200) expect((await health.json()).banco).toBe(true)
    const search = await client().api.v2.busca.$get({ query: { q: 'contrato', qo: 'd' } })
    expect(search.status).toBe(200)
    if (search.status === 200) {
      const body = await search.json()
      expect(body.category).toBe('d')
      expect(body.sections[0]?.category).toBe('d')
    }
  })

  it('posts a monitoring with its JSON body and a path parameter, and reads the typed refusal', async () => {
    const user = await createUser()
    const typed = client({ ...ORIGIN, Cookie: await sessionCookie(user.id) })
    const refused = await typed.api.interno.processos.$post({ json: { numero_processo: '123' } })
    expect(refused.status).toBe(422)
    if (refused.status === 422) expect((await refused.json()).status).toBe('failed')
    const missing = await typed.ajax.monitoramentos.ocorrencias[':id']['nao-sou-eu'].$post({
      param: { id: '999999999' },
      json: {},
    })
    expect(missing.status).toBe(404)
  })
})
