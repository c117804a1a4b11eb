import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { recordEvent } from '~/domain/analytics/events.server'
import { shareKey } from '~/domain/shares/shares.server'
import { deleteConfirmation } from '~/ui/data-table'
import { get, postJson } from './helpers'

describe('share counts kept by the product', () => {
  it('counts shares per page, whatever the query string, and answers the total', async () => {
    const url = `http://localhost:8787/artigos/contagem-${Date.now()}`
    expect(await (await get(`/api/v2/compartilhamentos?url=${encodeURIComponent(url)}`)).json()).toEqual({
      status: 'success',
      total: 0,
    })
    const first = await postJson('/api/v2/compartilhamentos', { url, rede: 'whatsapp' })
    expect(await first.json()).toEqual({ status: 'success', total: 1 })
    await postJson('/api/v2/compartilhamentos', { url: `${url}?utm_source=x#topo`, rede: 'linkedin' })
    const third = await postJson('/api/v2/compartilhamentos', { url: `${url}/`, rede: 'whatsapp' })
    expect(await third.json()).toEqual({ status: 'success', total: 3 })
  })

  it('counts profile pages on subdomains, and refuses other sites and unknown networks', async () => {
    expect(shareKey('http://ana.localhost:8787/', 'localhost:8787')).toBe('ana.localhost:8787/')
    const foreign = await postJson('/api/v2/compartilhamentos', { url: 'https://outro.example/x', rede: 'x' })
    expect(foreign.status).toBe(422)
    const network = await postJson('/api/v2/compartilhamentos', {
      url: 'http://localhost:8787/',
      rede: 'orkut',
    })
    expect(network.status).toBe(422)
    expect(((await network.json()) as { status: string }).status).toBe('error')
  })
})

describe('click analytics', () => {
  it('accepts a beacon with 204 and refuses a malformed one with 422', async () => {
    const ok = await postJson('/api/v2/eventos', { evento: 'clique_teste', pagina: '/', alvo: '/busca' })
    expect(ok.status).toBe(204)
    const bad = await postJson('/api/v2/eventos', { pagina: '/' })
    expect(bad.status).toBe(422)
  })

  it('writes to Analytics Engine and forwards to PostHog without any personal data', async () => {
    const points: AnalyticsEngineDataPoint[] = []
    const sent: { url: string; body: Record<string, unknown> }[] = []
    await recordEvent(
      {
        analytics: { writeDataPoint: (point) => points.push(point ?? {}) },
        posthog: { key: 'phc_teste', host: 'https://posthog.example/' },
        fetch: async (input, init) => {
          sent.push({ url: String(input), body: JSON.parse(String(init?.body)) })
          return new Response('{"status":1}')
        },
      },
      { evento: 'compartilhar', pagina: '/artigos/1', alvo: 'whatsapp' },
      'BR',
    )
    expect(points[0]?.blobs).toEqual(['compartilhar', '/artigos/1', 'whatsapp', 'BR'])
    expect(sent[0]?.url).toBe('https://posthog.example/capture/')
    expect(sent[0]?.body).toMatchObject({ api_key: 'phc_teste', event: 'compartilhar' })
    const properties = sent[0]?.body.properties as Record<string, unknown> | undefined
    expect(properties?.$process_person_profile).toBe(false)
    expect(JSON.stringify(sent[0]?.body)).not.toMatch(/\d+\.\d+\.\d+\.\d+/)
  })

  it('does not forward anywhere when no PostHog key is configured', async () => {
    expect(env.POSTHOG_KEY).toBe('')
    let called = false
    await recordEvent(
      {
        analytics: { writeDataPoint: () => undefined },
        posthog: null,
        fetch: async () => {
          called = true
          return new Response()
        },
      },
      { evento: 'x', pagina: '/' },
      null,
    )
    expect(called).toBe(false)
  })
})

describe('data table texts (spec §8)', () => {
  it('asks for one or several items with the exact wording', () => {
    expect(deleteConfirmation(1)).toBe('Você tem certeza de que deseja excluir o item selecionado?')
    expect(deleteConfirmation(3)).toBe('Você tem certeza de que deseja excluir os 3 itens selecionados?')
  })
})
