import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AnyEndpoint, SpecCall } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { siteCallCases } from './endpoint-cases'

// The product spec's §7 ("The calls it makes") against the real Worker (issue 38, item 10). The
// shapes below are copied from the spec's text, on purpose not from the registry's declarations:
// the registry once wrapped the suggestions' array in `{status, sugestoes}` and its own
// conformance test (endpoint-schemas) agreed with it. Objects are open (`looseObject`): the spec
// names the fields a client reads, and more fields break no client.

/** §8 "Generic form action": a failure has a `status` other than success and lists `errors`. */
const genericFailure = z.looseObject({
  status: z.string().refine((status) => status !== 'success'),
  errors: z.array(z.string()).min(1),
})

type SpecShape = {
  call: SpecCall
  /** As the spec spells it (`{id}` for a path parameter); null where the spec says "given per use". */
  method: 'get' | 'post'
  path: string | null
  /** The success answer's shape; null where the spec says the response is not shown. */
  success: z.ZodType | null
  failure: z.ZodType
}

const autocomplete = z.array(
  z.looseObject({
    label: z.string(),
    inputLabel: z.string(),
    value: z.union([z.string(), z.number()]),
    slug: z.string(),
  }),
)
/** §8 "Login and signup": the server's `message` is shown on a failure. */
const withMessage = genericFailure.extend({ message: z.string().min(1) })

const SPEC: SpecShape[] = [
  // "Response: an array of strings."
  {
    call: 'Search suggestions',
    method: 'post',
    path: '/api/v2/busca/sugestoes',
    success: z.array(z.string()),
    failure: genericFailure,
  },
  {
    call: 'Notifications',
    method: 'post',
    path: '/ajax/visualizar-todas-notificacoes',
    success: null,
    failure: genericFailure,
  },
  {
    call: 'Notifications',
    method: 'post',
    path: '/ajax/ler-todas-notificacoes',
    success: null,
    failure: genericFailure,
  },
  // "The response shape is not shown."
  { call: 'Delete table items', method: 'post', path: null, success: null, failure: genericFailure },
  // "Its response is not shown."
  { call: 'Follow', method: 'post', path: '/ajax/seguir', success: null, failure: genericFailure },
  // "The response field `status` is read; 'fail' reverts the button."
  {
    call: 'Follow',
    method: 'post',
    path: '/ajax/deixar-seguir',
    success: z.looseObject({ status: z.literal('success') }),
    failure: genericFailure,
  },
  {
    call: 'Professional message',
    method: 'post',
    path: '/ajax/enviar-mensagem-profissional',
    success: null,
    failure: genericFailure,
  },
  { call: 'Vote', method: 'post', path: '/ajax/artigos/{id}/votar', success: null, failure: genericFailure },
  // "Response fields: `comentario` and `urlComentario`."
  {
    call: 'Comment and reply',
    method: 'post',
    path: null,
    success: z.looseObject({ comentario: z.looseObject({}), urlComentario: z.string().min(1) }),
    failure: genericFailure,
  },
  // "Response: `{status: 'success', cidade: {id, nome, uf}}`."
  {
    call: 'City by IP',
    method: 'get',
    path: '/ajax/cidade-por-ip',
    success: z.looseObject({
      status: z.literal('success'),
      cidade: z.looseObject({ id: z.number(), nome: z.string(), uf: z.string() }),
    }),
    failure: genericFailure,
  },
  // "Each returns a list of `{label, inputLabel, value, slug}`."
  ...[
    '/ajax/busca-cidades',
    '/ajax/busca-instituicoes',
    '/ajax/busca-titulos-profissionais',
    '/ajax/busca-comunidades',
  ].map(
    (path): SpecShape => ({
      call: 'Autocompletes',
      method: 'get',
      path,
      success: autocomplete,
      failure: genericFailure,
    }),
  ),
  // "Their response holds a results array and `pagination.more`."
  {
    call: 'Select widgets',
    method: 'get',
    path: null,
    success: z.looseObject({
      results: z.array(z.unknown()),
      pagination: z.looseObject({ more: z.boolean() }),
    }),
    failure: genericFailure,
  },
  // "The exact server response is not shown."
  {
    call: 'Signup checks',
    method: 'post',
    path: '/cadastrar/verificar-email-existe',
    success: null,
    failure: genericFailure,
  },
  {
    call: 'Signup checks',
    method: 'post',
    path: '/ajax/verificar-subdominio-existe',
    success: null,
    failure: genericFailure,
  },
  // "Response: `status`, `redirect_url`, `message`."
  {
    call: 'Account',
    method: 'post',
    path: '/cadastrar',
    success: z.looseObject({ status: z.literal('success'), redirect_url: z.string() }),
    failure: withMessage,
  },
  // "Response: `status`, `url_intended`, `refresh`, `message`."
  {
    call: 'Account',
    method: 'post',
    path: '/login',
    success: z.looseObject({ status: z.literal('success'), url_intended: z.string(), refresh: z.boolean() }),
    failure: withMessage,
  },
  {
    call: 'Account',
    method: 'post',
    path: '/reenviar-confirmacao-email',
    success: null,
    failure: genericFailure,
  },
  // "Response: `status`."
  {
    call: 'Account',
    method: 'post',
    path: '/ajax/editar-perfil',
    success: z.looseObject({ status: z.literal('success') }),
    failure: genericFailure,
  },
  // "returns `[{id, titulo}]`."
  {
    call: 'Profession',
    method: 'get',
    path: '/ajax/ocupacao/{id}/especialidades',
    success: z.array(z.looseObject({ id: z.number(), titulo: z.string() })),
    failure: genericFailure,
  },
  // "Returns `[{numero}]`."
  {
    call: 'Phones',
    method: 'post',
    path: '/ajax/usuarios/{id}/ver-telefones',
    success: z.array(z.looseObject({ numero: z.string() })),
    failure: genericFailure,
  },
  // "Response: `status`, `errors[]`, `monitoramento.id`"; §8: a failure is status 'failed'.
  {
    call: 'Lawsuit monitoring',
    method: 'post',
    path: '/api/interno/processos',
    success: z.looseObject({
      status: z.literal('success'),
      monitoramento: z.looseObject({ id: z.number() }),
    }),
    failure: z.looseObject({ status: z.literal('failed'), errors: z.array(z.string()).min(1) }),
  },
]

const all = Object.values(endpoints) as AnyEndpoint[]
const tagged = all.filter((def) => def.spec)
const honoPath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')

/** The spec's entry an endpoint of the registry is held to: by its path, else by its heading. */
function specOf(def: AnyEndpoint): SpecShape | undefined {
  const byPath = SPEC.find((entry) => entry.path && honoPath(entry.path) === def.path)
  if (byPath) return byPath
  return SPEC.find((entry) => entry.path === null && entry.call === def.spec && entry.method === def.method)
}

describe('the spec §7 calls answer the shapes the spec gives (issue 38)', () => {
  it('has each §7 call in the registry, declared as that call', () => {
    const missing: string[] = []
    for (const entry of SPEC) {
      const found = entry.path
        ? all.filter((def) => def.path === honoPath(entry.path as string) && def.method === entry.method)
        : all.filter((def) => def.spec === entry.call)
      if (found.length === 0 || found.some((def) => def.spec !== entry.call))
        missing.push(`${entry.call}: ${entry.method.toUpperCase()} ${entry.path ?? '(por uso)'}`)
    }
    expect(missing).toEqual([])
  })

  it('holds every endpoint that says it is a §7 call to one of the spec’s entries', () => {
    const unknown = tagged.filter((def) => specOf(def)?.call !== def.spec).map((def) => def.id)
    expect(unknown).toEqual([])
  })

  for (const def of tagged) {
    it(`${def.method.toUpperCase()} ${def.path} (§7 "${def.spec}") answers the spec's shape`, async () => {
      const entry = specOf(def) as SpecShape
      const make = siteCallCases[def.id]
      expect(make, `sem casos para o endpoint ${def.id}`).toBeDefined()
      const list = await (make as NonNullable<typeof make>)()
      for (const item of list) {
        const response = await item.call()
        expect(response.status, item.name).toBe(item.status)
        const body: unknown = response.status === 204 ? null : await response.json()
        const shape = item.ok ? entry.success : entry.failure
        if (!shape) continue
        const parsed = shape.safeParse(body)
        expect(parsed.success, `${item.name}: ${JSON.stringify(body)} ${parsed.error?.message ?? ''}`).toBe(
          true,
        )
      }
    })
  }
})
