import { describe, expect, inject, it } from 'vitest'
import type { AnyEndpoint } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { people } from '~/db/schema-corpus'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'

declare module 'vitest' {
  interface ProvidedContext {
    sources: Record<string, string>
  }
}

// Every endpoint of the registry (app/api/endpoints, decisions/0062) is called for a success and
// for its errors, and each answer is parsed with the schema the endpoint declares: the types the
// browser's `call` and the generated API clients rely on are what the server really sends.

type Case = { name: string; call: () => Promise<Response>; ok: boolean; status: number }

let seq = 0
async function personId() {
  const tag = `${Date.now().toString(36)}${++seq}`
  const [row] = await deps()
    .db.insert(people)
    .values({ name: `Pessoa Contrato ${tag}`, slug: `pessoa-contrato-${tag}` })
    .returning()
  if (!row) throw new Error('person')
  return row.id
}

async function viewer() {
  const user = await createUser()
  return { Cookie: await sessionCookie(user.id) }
}

/** Per endpoint id: the calls that prove its answers (a new endpoint fails the test until it has some). */
const cases: Record<string, () => Promise<Case[]>> = {
  follow: async () => {
    const cookie = await viewer()
    const id = await personId()
    return [
      {
        name: 'segue',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/seguir', { id, tipo: 'pessoa' }, cookie),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/seguir', { id, tipo: 'pessoa' }),
      },
      {
        name: 'tipo inválido',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/seguir', { id, tipo: 'planeta' }, cookie),
      },
      {
        name: 'item inexistente',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/seguir', { id: 999_999_999, tipo: 'pessoa' }, cookie),
      },
    ]
  },
  unfollow: async () => {
    const cookie = await viewer()
    const id = await personId()
    await postJson('/ajax/seguir', { id, tipo: 'pessoa' }, cookie)
    return [
      {
        name: 'deixa de seguir',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/deixar-seguir', { id, tipo: 'pessoa' }, cookie),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/deixar-seguir', { id, tipo: 'pessoa' }),
      },
      {
        name: 'id inválido',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/deixar-seguir', { id: 'x', tipo: 'pessoa' }, cookie),
      },
    ]
  },
  followers: async () => {
    const id = await personId()
    return [
      { name: 'estado', ok: true, status: 200, call: () => get(`/ajax/seguidores?tipo=pessoa&id=${id}`) },
      {
        name: 'tipo inválido',
        ok: false,
        status: 422,
        call: () => get(`/ajax/seguidores?tipo=planeta&id=${id}`),
      },
      { name: 'sem id', ok: false, status: 422, call: () => get('/ajax/seguidores?tipo=pessoa') },
    ]
  },
}

const all = Object.values(endpoints) as AnyEndpoint[]

describe('the endpoint registry (issue 29, decisions/0062)', () => {
  it('gives each endpoint its own id and its own method and path', () => {
    expect(new Set(all.map((def) => def.id)).size).toBe(all.length)
    expect(new Set(all.map((def) => `${def.method} ${def.path}`)).size).toBe(all.length)
  })

  for (const def of all) {
    it(`${def.method.toUpperCase()} ${def.path} answers what it declares, success and errors`, async () => {
      const make = cases[def.id]
      expect(make, `sem casos para o endpoint ${def.id}`).toBeDefined()
      const list = await (make as () => Promise<Case[]>)()
      expect(list.some((c) => c.ok)).toBe(true)
      expect(list.some((c) => !c.ok)).toBe(true)
      for (const item of list) {
        const response = await item.call()
        expect(response.status, item.name).toBe(item.status)
        const body: unknown = await response.json()
        const parsed = (item.ok ? def.output : def.error).safeParse(body)
        expect(parsed.success, `${item.name}: ${JSON.stringify(body)} ${parsed.error?.message ?? ''}`).toBe(
          true,
        )
      }
    })
  }

  it('is the only place that spells an endpoint path: pages and widgets take it from the registry', () => {
    const sources = inject('sources')
    const offenders: string[] = []
    for (const def of all) {
      const literal = new RegExp(`['"\`]${def.path.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}['"\`?]`)
      for (const [file, text] of Object.entries(sources))
        if (!file.startsWith('app/api/') && literal.test(text)) offenders.push(`${file}: ${def.path}`)
    }
    expect(offenders).toEqual([])
  })
})
