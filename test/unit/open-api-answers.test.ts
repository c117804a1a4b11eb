import { describe, expect, it } from 'vitest'
import type { AnyEndpoint } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { upsertGazetteArticles } from '~/domain/corpus/store/gazettes.server'
import { makeCity, professional } from './directory-helpers'
import { BASE, createUser, deps, gazetteArticleRecord, get, postJson, sessionCookie } from './helpers'
import { apiGet, apiKey, corpusFixtures } from './open-api-helpers'

// What the open API's clients read (issue 38, item 12): plain text with the matches' offsets,
// optional filters that are optional, the site's own field rules, and 405 for a wrong method.

/** Every string of an answer, with where it is (`items.0.snippet`). */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${at}.${i}`))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => strings(item, at ? `${at}.${key}` : key))
  return []
}

/** Control characters a client would print as garbage (the FTS markers U+0002/U+0003 among them). */
const isControl = (text: string) =>
  [...text].some((ch) => {
    const code = ch.charCodeAt(0)
    return (code < 0x20 && ch !== '\n' && ch !== '\r' && ch !== '\t') || code === 0x7f
  })

type Problem = { status: number; detail: string; errors?: { field: string; message: string }[] }

describe('the open API’s texts', () => {
  it('gives a snippet as plain text and each match’s offsets in UTF-16 code units', async () => {
    const { key } = await apiKey()
    const tag = `${Date.now() % 1_000_000}`
    const term = `portariaqz${tag}`
    // An astral character before the match: its offset counts it as two code units, as JS does.
    const body = `Nomeação 𝐀 conforme a ${term} de hoje; a ${term} revoga a anterior.`
    await upsertGazetteArticles(deps().db, [
      gazetteArticleRecord(`marcas${tag}`, tag, body, '2025-01-03', {
        slug: `diario-marcas-${tag}`,
        name: `Diário Marcas ${tag}`,
        uf: 'SP',
      }),
    ])
    const response = await apiGet(`/api/v2/busca/d?q=${term}`, key)
    expect(response.status).toBe(200)
    const answer = (await response.json()) as {
      items: { snippet: string | null; highlights?: { start: number; end: number }[] }[]
    }
    const item = answer.items[0]
    expect(item?.snippet).toContain(`conforme a ${term} de hoje`)
    expect(item?.highlights?.length).toBe(2)
    for (const mark of item?.highlights ?? []) expect(item?.snippet?.slice(mark.start, mark.end)).toBe(term)
    expect(strings(answer).filter(([, text]) => isControl(text))).toEqual([])
  })

  it('has no control character in any text of any public endpoint’s answer', async () => {
    const { key } = await apiKey()
    const fixtures = await corpusFixtures()
    const city = await makeCity()
    await professional({ city })
    const n = fixtures.personSlug.replace(/\D/g, '')
    const calls = [
      ...['p', 'i', 'd', 'en', 'jr', 'leis'].map(
        (c) => `/api/v2/busca/${c}?q=${encodeURIComponent(`contrato ${n}`)}`,
      ),
      ...['p', 'i', 'd', 'en', 'jr', 'leis'].map((c) => `/api/v2/busca/${c}?q=${n}`),
      `/api/v2/processos/${fixtures.cnj}`,
      `/api/v2/materias/${fixtures.articleId}`,
      `/api/v2/jurisprudencia/${fixtures.decisionId}`,
      `/api/v2/legislacao/${fixtures.statuteSlug}/art1`,
      `/api/v2/pessoas/${fixtures.personSlug}`,
      `/api/v2/empresas/${fixtures.companySlug}`,
      `/api/v2/profissionais?cidade=${city.slug}`,
    ]
    const found: string[] = []
    let snippets = 0
    for (const path of calls) {
      const response = await apiGet(path, key)
      expect(response.status, path).toBe(200)
      const answer = await response.json()
      for (const [at, text] of strings(answer)) {
        if (isControl(text)) found.push(`${path} ${at}: ${JSON.stringify(text)}`)
        if (at.endsWith('.snippet')) snippets++
      }
    }
    // The searches did find text to cut snippets from (or the check would prove nothing).
    expect(snippets).toBeGreaterThan(0)
    expect(found).toEqual([])
  })
})

describe('the open API’s filters', () => {
  it('lists every professional when the directory is asked without a profession or a city', async () => {
    const { key } = await apiKey()
    const city = await makeCity()
    const someone = await professional({ city })
    const response = await apiGet('/api/v2/profissionais', key)
    expect(response.status).toBe(200)
    const answer = (await response.json()) as {
      total: number
      profession: null
      city: null
      items: unknown[]
    }
    expect(answer).toMatchObject({ profession: null, city: null })
    expect(answer.total).toBeGreaterThan(0)
    expect(answer.items.length).toBeGreaterThan(0)
    // Each professional once: the city filter finds the one just made, and so does its count.
    const inCity = (await (await apiGet(`/api/v2/profissionais?cidade=${city.slug}`, key)).json()) as {
      items: { id: number }[]
    }
    expect(inCity.items.map((item) => item.id)).toEqual([someone.id])
  })

  it('refuses an unknown state and an impossible date with the site’s own messages', async () => {
    const { key } = await apiKey()
    const problemOf = async (path: string) => {
      const response = await apiGet(path, key)
      expect(response.status, path).toBe(422)
      expect(response.headers.get('content-type')).toContain('application/problem+json')
      return (await response.json()) as Problem
    }
    const state = await problemOf('/api/v2/busca/d?q=portaria&uf=XX')
    const date = await problemOf('/api/v2/busca/d?q=portaria&de=2023-02-31')
    const listed = await problemOf('/api/v2/busca/en?q=portaria&uf=SP&uf=ZZ')
    // The monitoring form's state select refuses the same value with the same words…
    const user = await createUser()
    const form = await postJson(
      '/ajax/monitoramentos',
      { tipo: 'nome', termo: 'Maria Souza', modo: 'exato', uf: 'XX' },
      { Cookie: await sessionCookie(user.id) },
    )
    const formFields = ((await form.json()) as { fields?: Record<string, string> }).fields
    expect(state.errors).toEqual([{ field: 'uf', message: formFields?.uf }])
    expect(listed.errors).toEqual([{ field: 'uf', message: formFields?.uf }])
    expect(state.errors?.[0]?.message).toBe('Escolha um estado da lista.')
    // …and the search page says the same of an impossible typed date.
    const page = await (await get('/busca?q=portaria&qo=d&filtro=1&de_texto=31/02/2023')).text()
    expect(page).toContain('Digite uma data válida')
    expect(date.errors).toEqual([{ field: 'de', message: 'Digite uma data válida' }])
    // A lower-case state is a state.
    expect((await apiGet('/api/v2/busca/d?q=portaria&uf=sp', key)).status).toBe(200)
  })
})

/** A path of the registry with a value in each parameter. */
const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, 'x1')

describe('methods under /api/v2', () => {
  it('answers a POST to an open API path with a 405 problem that says which methods it takes', async () => {
    const response = await postJson('/api/v2/busca/d?q=portaria', { q: 'portaria' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    expect(await response.json()).toMatchObject({
      status: 405,
      title: 'Método não permitido',
      detail: 'Este endereço não aceita o método POST. Métodos aceitos: GET, HEAD, OPTIONS.',
    })
    // Without an Origin too (a program's call): never the CSRF check's 403.
    const bare = await get('/api/v2/openapi.json', { method: 'POST', body: '{}' })
    expect(bare.status).toBe(405)
    expect(bare.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
  })

  it('answers every other method on every /api/v2 path with a 405 and Allow, and the allowed ones as before', async () => {
    const paths = new Map<string, Set<string>>()
    for (const def of Object.values(endpoints) as AnyEndpoint[]) {
      if (!def.path.startsWith('/api/v2/')) continue
      const methods = paths.get(def.path) ?? new Set<string>()
      methods.add(def.method.toUpperCase())
      paths.set(def.path, methods)
    }
    paths.set('/api/v2/openapi.json', new Set(['GET']))
    paths.set('/api/v2/docs', new Set(['GET']))
    const wrong: string[] = []
    for (const [path, methods] of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
        // `/busca/sugestoes` is also `/busca/:categoria` (a GET of the open search).
        const alsoSearch = path === '/api/v2/busca/sugestoes' && method === 'GET'
        if (methods.has(method) || alsoSearch) continue
        const response = await get(`${BASE}${concrete(path)}`, {
          method,
          headers: { Origin: BASE, 'Content-Type': 'application/json' },
          ...(method === 'GET' ? {} : { body: '{}' }),
        })
        const allow = response.headers.get('allow') ?? ''
        if (response.status !== 405 || !allow.includes([...methods][0] as string))
          wrong.push(`${method} ${path}: ${response.status} Allow=${allow}`)
        await response.body?.cancel()
      }
    }
    expect(wrong).toEqual([])
    // The site's own calls there keep the product's error shape (decisions/0063).
    const site = await get(`${BASE}/api/v2/eventos`)
    expect(site.status).toBe(405)
    expect(site.headers.get('allow')).toBe('POST')
    expect(await site.json()).toMatchObject({ status: 'error', errors: [expect.stringContaining('POST')] })
    // An unknown path is still a 404.
    expect((await get(`${BASE}/api/v2/nada`, { method: 'DELETE', headers: { Origin: BASE } })).status).toBe(
      404,
    )
  })
})

describe('the document’s errors and the reference page', () => {
  it('lists per endpoint only the errors it can give: 404 only where it looks something up', async () => {
    const doc = (await (await apiGet('/api/v2/openapi.json')).json()) as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>
    }
    const statuses = (path: string) => Object.keys(doc.paths[path]?.get.responses ?? {}).sort()
    // The search finds or not (an empty list), it never has a "not found".
    expect(statuses('/api/v2/busca/{categoria}')).toEqual(['200', '401', '405', '422', '429'])
    expect(statuses('/api/v2/processos/{numero}')).toEqual(['200', '401', '404', '405', '422', '429'])
    expect(statuses('/api/v2/profissionais')).toEqual(['200', '401', '404', '405', '422', '429'])
    // …and what each says it gives, it gives: a search's unknown category is a 422, not a 404.
    const { key } = await apiKey()
    expect((await apiGet('/api/v2/busca/zz?q=a', key)).status).toBe(422)
    expect((await apiGet('/api/v2/busca/p?q=ninguemjamaisxyz', key)).status).toBe(200)
  })

  it('has the site’s favicon on the reference page, and each endpoint’s errors', async () => {
    const html = await (await apiGet('/api/v2/docs')).text()
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">')
    const search = html.slice(html.indexOf('id="search"'), html.indexOf('id="lawsuit"'))
    expect(search).toContain('Erros possíveis:')
    expect(search).not.toContain('#erro-404')
    expect(html.slice(html.indexOf('id="lawsuit"'))).toContain('#erro-404')
  })
})
