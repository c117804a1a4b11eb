import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import type { z } from 'zod'
import { type AnyEndpoint, pathParams } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { t } from '~/i18n/pt-BR'

// The OpenAPI 3.1 document of the open API, generated from the registry's public declarations
// by @hono/zod-openapi (decisions/0062), never written by hand.

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')

/**
 * The errors an endpoint can really give (issue 38): 401 and 429 where a key and its limit apply,
 * 404 where it looks something up (declared), 405 for another method (every /api/v2 path), 422
 * where it takes input.
 */
export function errorsOf(def: AnyEndpoint): Record<number, string> {
  const errors: Record<number, string> = {}
  if (def.access === 'apiKey') errors[401] = 'Sem chave, ou chave inválida ou revogada.'
  if (def.notFound) errors[404] = def.notFound
  errors[405] = 'Método não aceito neste endereço (o cabeçalho Allow diz quais são).'
  if (Object.keys((def.input as unknown as z.ZodObject).shape).length > 0)
    errors[422] = 'Parâmetros inválidos (cada campo recusado em errors).'
  if (def.limit === 'apiKey') errors[429] = 'Limite de chamadas da chave atingido (veja Retry-After).'
  return errors
}

/** The public endpoints, in the registry's order. */
export const publicEndpoints = (Object.values(endpoints) as AnyEndpoint[]).filter((def) => def.public)

function routeOf(def: AnyEndpoint) {
  const inPath = pathParams(def.path)
  const input = def.input as unknown as z.ZodObject
  const mask = Object.fromEntries(inPath.map((name) => [name, true as const])) as Record<string, true> &
    Record<number, never>
  const hasQuery = Object.keys(input.shape).some((name) => !inPath.includes(name))
  const problem = { 'application/problem+json': { schema: def.error } }
  return createRoute({
    method: def.method,
    path: openApiPath(def.path),
    operationId: def.id,
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    security: [{ chave: [] }],
    request: {
      ...(inPath.length ? { params: input.pick(mask) } : {}),
      ...(hasQuery ? { query: input.omit(mask) } : {}),
    },
    responses: {
      200: { description: 'Sucesso.', content: { 'application/json': { schema: def.output } } },
      ...Object.fromEntries(
        Object.entries(errorsOf(def)).map(([status, description]) => [
          status,
          { description, content: problem },
        ]),
      ),
    },
  } as Parameters<typeof createRoute>[0])
}

let cached: unknown = null

export function openApiDocument(origin: string) {
  if (cached) return { ...(cached as object), servers: [{ url: origin }] }
  const doc = new OpenAPIHono()
  doc.openAPIRegistry.registerComponent('securitySchemes', 'chave', {
    type: 'http',
    scheme: 'bearer',
    description: 'A chave criada em Conta → API, no cabeçalho Authorization: Bearer <chave>.',
  })
  for (const def of publicEndpoints) doc.openAPIRegistry.registerPath(routeOf(def))
  cached = doc.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: t('openApi.docs.title'),
      version: '2.0.0',
      description:
        'Dados públicos do JurisEdge: busca por categoria, processos pelo número CNJ, matérias de diários oficiais, jurisprudência, legislação, pessoas, empresas e o diretório de profissionais. Toda chamada leva uma chave (Conta → API). Erros em application/problem+json (RFC 9457).',
    },
  })
  return { ...(cached as object), servers: [{ url: origin }] }
}
