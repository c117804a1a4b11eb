import { describe, expect, inject, it } from 'vitest'
import type { AnyEndpoint } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { buildCnj } from '~/domain/corpus/cnj'
import { createApp } from '../../workers/create-app'
import { registered } from '../../workers/lib/register'
import { makeCity, professional } from './directory-helpers'
import { siteCallCases } from './endpoint-cases'
import { REFUSE_NOTHING } from './endpoint-cases/site'
import { createUser, postJson, sessionCookie } from './helpers'
import { apiGet, apiKey, corpusFixtures } from './open-api-helpers'

declare module 'vitest' {
  interface ProvidedContext {
    sources: Record<string, string>
    /** The files whose calls have not moved onto the registry yet (scripts/check-endpoint-paths.mjs). */
    notMoved: string[]
  }
}

// Every endpoint of the registry (app/api/endpoints, decisions/0062) is called for a success and
// for its errors, and each answer is parsed with the schema the endpoint declares: the types the
// browser's `call` and the generated API clients rely on are what the server really sends.

type Case = { name: string; call: () => Promise<Response>; ok: boolean; status: number }

async function viewer(confirmed = false) {
  const user = await createUser({ emailConfirmedAt: confirmed ? Date.now() : null })
  return { Cookie: await sessionCookie(user.id) }
}

/** Per endpoint id: the calls that prove its answers (a new endpoint fails the test until it has some). */
const cases: Record<string, () => Promise<Case[]>> = { ...siteCallCases }

/** An open API endpoint: found, not found, bad input, and no key. */
const open = (found: string, missing: string, bad: string | null) => async (): Promise<Case[]> => {
  const { key } = await apiKey()
  return [
    { name: 'encontrado', ok: true, status: 200, call: () => apiGet(found, key) },
    { name: 'não encontrado', ok: false, status: 404, call: () => apiGet(missing, key) },
    ...(bad ? [{ name: 'entrada inválida', ok: false, status: 422, call: () => apiGet(bad, key) }] : []),
    { name: 'sem chave', ok: false, status: 401, call: () => apiGet(found) },
  ]
}

let fixtures: Awaited<ReturnType<typeof corpusFixtures>> | null = null
const corpus = async () => {
  fixtures ??= await corpusFixtures()
  return fixtures
}

Object.assign(cases, {
  apiKeyCreate: async (): Promise<Case[]> => {
    const cookie = await viewer(true)
    const unconfirmed = await viewer()
    return [
      {
        name: 'e-mail não confirmado',
        ok: false,
        status: 403,
        call: () => postJson('/ajax/conta/api/chaves', { nome: 'Planilha' }, unconfirmed),
      },
      {
        name: 'cria',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/conta/api/chaves', { nome: 'Planilha' }, cookie),
      },
      {
        name: 'sem nome',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/conta/api/chaves', { nome: ' ' }, cookie),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/conta/api/chaves', { nome: 'x' }),
      },
    ]
  },
  apiKeyRevoke: async (): Promise<Case[]> => {
    const cookie = await viewer(true)
    const made = (await (await postJson('/ajax/conta/api/chaves', { nome: 'Revogar' }, cookie)).json()) as {
      id: number
    }
    const other = await viewer()
    return [
      {
        name: 'revoga',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/conta/api/chaves/revogar', { id: made.id }, cookie),
      },
      {
        name: 'de outra pessoa',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/conta/api/chaves/revogar', { id: made.id }, other),
      },
      {
        name: 'id inválido',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/conta/api/chaves/revogar', { id: 'x' }, cookie),
      },
    ]
  },
  search: async (): Promise<Case[]> => {
    const { key } = await apiKey()
    return [
      { name: 'busca', ok: true, status: 200, call: () => apiGet('/api/v2/busca/jr?q=ementa', key) },
      { name: 'categoria inválida', ok: false, status: 422, call: () => apiGet('/api/v2/busca/zz?q=a', key) },
      { name: 'sem chave', ok: false, status: 401, call: () => apiGet('/api/v2/busca/jr?q=a') },
    ]
  },
  lawsuit: async () => {
    const { cnj } = await corpus()
    return open(
      `/api/v2/processos/${cnj}`,
      `/api/v2/processos/${buildCnj(1, 1999, 8, 26, 1)}`,
      '/api/v2/processos/abc',
    )()
  },
  gazetteArticle: async () => {
    const { articleId } = await corpus()
    return open(`/api/v2/materias/${articleId}`, '/api/v2/materias/999999999', '/api/v2/materias/0')()
  },
  decision: async () => {
    const { decisionId } = await corpus()
    return open(
      `/api/v2/jurisprudencia/${decisionId}`,
      '/api/v2/jurisprudencia/999999999',
      '/api/v2/jurisprudencia/x',
    )()
  },
  statuteArticle: async () => {
    const { statuteSlug } = await corpus()
    return open(
      `/api/v2/legislacao/${statuteSlug}/art1`,
      `/api/v2/legislacao/${statuteSlug}/art99`,
      `/api/v2/legislacao/${statuteSlug}/art%201`,
    )()
  },
  person: async () => {
    const { personSlug } = await corpus()
    return open(
      `/api/v2/pessoas/${personSlug}`,
      '/api/v2/pessoas/ninguem-com-este-nome-jamais',
      '/api/v2/pessoas/a--b',
    )()
  },
  company: async () => {
    const { companySlug } = await corpus()
    return open(
      `/api/v2/empresas/${companySlug}`,
      '/api/v2/empresas/nenhuma-empresa-jamais',
      '/api/v2/empresas/a--b',
    )()
  },
  directory: async () => {
    const city = await makeCity()
    await professional({ city })
    return open(
      `/api/v2/profissionais?profissao=advogado&cidade=${city.slug}`,
      '/api/v2/profissionais?profissao=astronauta',
      '/api/v2/profissionais?cursor=xyz&profissao=advogado',
    )()
  },
})

const all = Object.values(endpoints) as AnyEndpoint[]

describe('the endpoint registry (issue 29, decisions/0062)', () => {
  it('has cases only for endpoints of the registry: a moved area is declared, not only tested', () => {
    const ids = new Set(all.map((def) => def.id))
    expect(Object.keys(cases).filter((id) => !ids.has(id))).toEqual([])
  })

  it('gives each endpoint its own id and its own method and path', () => {
    expect(new Set(all.map((def) => def.id)).size).toBe(all.length)
    expect(new Set(all.map((def) => `${def.method} ${def.path}`)).size).toBe(all.length)
  })

  it('has no cases for an endpoint the registry does not hold (an area moved declares all it tests)', () => {
    const ids = new Set(all.map((def) => def.id))
    expect(Object.keys(cases).filter((id) => !ids.has(id))).toEqual([])
  })

  for (const def of all) {
    it(`${def.method.toUpperCase()} ${def.path} answers what it declares, success and errors`, async () => {
      const make = cases[def.id]
      expect(make, `sem casos para o endpoint ${def.id}`).toBeDefined()
      const list = await (make as () => Promise<Case[]>)()
      expect(list.some((c) => c.ok)).toBe(true)
      if (!REFUSE_NOTHING.has(def.id)) expect(list.some((c) => !c.ok)).toBe(true)
      for (const item of list) {
        const response = await item.call()
        expect(response.status, item.name).toBe(item.status)
        // A 204 (the analytics beacon's answer) has no body: its declared output is null.
        const body: unknown = response.status === 204 ? null : await response.json()
        const parsed = (item.ok ? def.output : def.error).safeParse(body)
        expect(parsed.success, `${item.name}: ${JSON.stringify(body)} ${parsed.error?.message ?? ''}`).toBe(
          true,
        )
      }
    })
  }

  it('registers every declared endpoint from its declaration (its guard, limit and input check), none by hand', () => {
    createApp()
    const unregistered = all.filter((def) => registered.get(def.id) !== def).map((def) => def.id)
    expect(unregistered, 'declared but registered by hand (or not at all)').toEqual([])
  })

  it('is the only place that spells an endpoint path: pages and widgets take it from the registry', () => {
    const sources = inject('sources')
    // A file not moved yet may still spell a path a moved caller shares (the signup form's
    // autocompletes): the list says where, and only shrinks (decisions/0070).
    const notMoved = new Set(inject('notMoved'))
    const offenders: string[] = []
    // A page's links (`/login`, `/conta/senha`) are not calls of the endpoint at the same address.
    for (const def of all.filter((one) => !one.alsoPage)) {
      const literal = new RegExp(`['"\`]${def.path.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}['"\`?]`)
      for (const [file, text] of Object.entries(sources))
        if (!file.startsWith('app/api/') && !notMoved.has(file) && literal.test(text))
          offenders.push(`${file}: ${def.path}`)
    }
    expect(offenders).toEqual([])
  })
})
