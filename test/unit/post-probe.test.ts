import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app.dev'
import { englishIn, STACK, visibleMessages } from './english'
import { BASE, createUser, ORIGIN, sessionCookie } from './helpers'

/**
 * Issue 27's probe, kept: every POST route the Hono app registers (read from the app, so a new
 * route is probed without touching this file), anonymous and logged in, with the bad inputs of
 * the earlier probes. No answer may be a 5xx, show a stack, or speak English. The development
 * routes (/__dev/*) are left out: they never exist in production, and some seed whole corpora.
 */
const FIELDS = [
  'id',
  'tipo',
  'email',
  'senha',
  'nome',
  'titulo',
  'conteudo',
  'termo',
  'url',
  'itens',
  'ticket',
  'token',
  'usuario_id',
  'comunidade_id',
  'subdominio',
  'numero_processo',
  'cpf',
  'comentarios',
  'evento',
  'pagina',
  'rede',
  'sobrevivente',
  'tipo-de-voto',
  'especialidades',
  'cidades_ids',
  'servicos',
]
const every = (value: unknown) => Object.fromEntries(FIELDS.map((name) => [name, value]))

type Probe = { name: string; type?: string; body?: string | FormData }
const json = (name: string, value: unknown): Probe => ({
  name,
  type: 'application/json',
  body: JSON.stringify(value),
})
const PROBES: Probe[] = [
  { name: 'empty body' },
  { name: 'empty JSON', type: 'application/json', body: '' },
  { name: 'bad JSON', type: 'application/json', body: '{"itens": [1,' },
  json('JSON array', [1, 2, 3]),
  json('JSON string', 'texto'),
  json('itens -1', { itens: [-1] }),
  json('wrong types (objects)', every({ a: 1 })),
  json('wrong types (numbers)', every(-1)),
  json('wrong types (booleans)', every(true)),
  json('arrays where scalars go', every(['a', 'b'])),
  json('20,000 characters', every('a'.repeat(20_000))),
  json('5,000 items', every(Array.from({ length: 5000 }, (_, i) => i + 1))),
  // The most a list field takes (the table's 500 ids, 100 specialties): D1 binds at most 100.
  json('500 ids', every(Array.from({ length: 500 }, (_, i) => i + 1))),
  json('100 ids', every(Array.from({ length: 100 }, (_, i) => i + 1))),
  json('NUL and U+202E', every('Nome\u0000 \u202Eetset')),
  json('CR/LF', every('Nome\r\nBcc: x@exemplo.invalid')),
  {
    name: 'broken multipart',
    type: 'multipart/form-data; boundary=----quebrado',
    body: '------quebrado\r\nContent-Disposition: form-data; name="nome"\r\n\r\nsem fim',
  },
  { name: 'urlencoded garbage', type: 'application/x-www-form-urlencoded', body: '%E0%A4%A=&itens[]=-1&&=' },
  { name: 'text/plain', type: 'text/plain', body: 'oi' },
]

function postRoutes(): string[] {
  const paths = new Set<string>()
  for (const route of app.routes) {
    if (route.method !== 'POST' || route.path.startsWith('/__dev')) continue
    // Path parameters get a plausible id (the probes are about bodies; a missing item is a 404).
    paths.add(route.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, '1'))
  }
  return [...paths].sort()
}

async function probe(path: string, input: Probe, cookie: string) {
  const response = await SELF.fetch(`${BASE}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      ...ORIGIN,
      Accept: 'application/json',
      ...(input.type ? { 'Content-Type': input.type } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: input.body,
  })
  const { messages, raw } = await visibleMessages(response)
  const problems: string[] = []
  if (response.status >= 500) problems.push(`${response.status}`)
  if (STACK.test(raw)) problems.push(`stack: ${raw.slice(0, 200)}`)
  for (const message of messages) {
    const word = englishIn(message)
    if (word) problems.push(`English "${word}": ${message.slice(0, 200)}`)
  }
  return problems.map((problem) => `${cookie ? 'logged in' : 'anonymous'} ${path} [${input.name}] ${problem}`)
}

describe('every POST route holds against bad input (issue 27 probe)', () => {
  it('reads the routes from the app', () => {
    const routes = postRoutes()
    expect(routes.length).toBeGreaterThan(30)
    expect(routes).toContain('/ajax/artigos/1/votar')
  })

  it('answers a post to a page or an unknown address the same way', async () => {
    // Pages are Remix routes behind the app's catch-all: none takes a post.
    const problems: string[] = []
    const cookie = await sessionCookie((await createUser()).id)
    for (const path of ['/', '/busca', '/conta/perfil', '/artigos/x-1', '/nao-existe', '/ajax/nao-existe'])
      for (const who of ['', cookie])
        for (const input of PROBES) problems.push(...(await probe(path, input, who)))
    expect([...new Set(problems)]).toEqual([])
  })

  it('answers no 5xx, no stack and no English, anonymous and logged in', { timeout: 600_000 }, async () => {
    const problems: string[] = []
    for (const path of postRoutes()) {
      // A fresh person per route: `/logout` ends a session, and a route may close the account.
      const cookie = await sessionCookie((await createUser()).id)
      for (const who of ['', cookie])
        for (const input of PROBES) problems.push(...(await probe(path, input, who)))
    }
    expect([...new Set(problems)]).toEqual([])
  })
})
