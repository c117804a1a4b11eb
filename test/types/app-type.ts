import type { Hono } from 'hono'
import { hc, type InferResponseType } from 'hono/client'
import { expectTypeOf } from 'vitest'
import type { OutputOf } from '~/api/endpoint'
import type { Endpoints } from '~/api/endpoints'
import type { RouteId, routes } from '~/api/routes'
import type { AppType } from '../../workers/create-app'

// Checked by `npm run typecheck` (tsc), never run (issue 29, decisions/0070): the app's type
// carries every route of the registry, so a typed client (`hc<AppType>`) and the site's `call`
// agree with the app at compile time. A route of app/api/routes.ts whose declaration is not in
// the registry's index, or a declaration the app's type lost, names itself in `Missing`.

type RoutesOf<A> = A extends Hono<infer _E, infer S, infer _B> ? S : never
type AppRoutes = RoutesOf<AppType>

/** The routes (by id) that the app's type lacks, at their path and method. */
type Missing = {
  [K in RouteId]: (typeof routes)[K]['path'] extends keyof AppRoutes
    ? `$${(typeof routes)[K]['method']}` extends keyof AppRoutes[(typeof routes)[K]['path']]
      ? never
      : K
    : K
}[RouteId]
expectTypeOf<Missing>().toEqualTypeOf<never>()

/** Per route, the success body the app's type promises, as `call` reads it. */
type At<S, P, M> = P extends keyof S ? (M extends keyof S[P] ? S[P][M] : never) : never
type Success<K extends RouteId> =
  Extract<
    At<AppRoutes, (typeof routes)[K]['path'], `$${(typeof routes)[K]['method']}`>,
    { status: 200 }
  > extends {
    output: infer O
  }
    ? O
    : never
type Disagreeing = {
  [K in RouteId]: [Success<K>] extends [OutputOf<Endpoints[K]>]
    ? [OutputOf<Endpoints[K]>] extends [Success<K>]
      ? never
      : K
    : K
}[RouteId]
expectTypeOf<Disagreeing>().toEqualTypeOf<never>()

// A typed client built on the app's type: inputs, path parameters and answers are checked.
export const typedClient = (origin: string) => {
  const client = hc<AppType>(origin)
  return {
    monitorLawsuit: () =>
      client.api.interno.processos.$post({
        json: { numero_processo: '0000000-00.0000.0.00.0000', tipo: 'processo' },
      }),
    dismissHit: (id: number) =>
      client.ajax.monitoramentos.ocorrencias[':id']['nao-sou-eu'].$post({
        param: { id: String(id) },
        json: {},
      }),
    health: () => client.api.saude.$get({ query: {} }),
  }
}

const client = hc<AppType>('http://localhost')
expectTypeOf<InferResponseType<typeof client.api.saude.$get, 200>>().toEqualTypeOf<{
  status: 'ok'
  banco: boolean
}>()
expectTypeOf<
  InferResponseType<typeof client.api.interno.processos.$post, 422>['status']
>().toEqualTypeOf<'failed'>()
// @ts-expect-error: a route the app does not have
client.ajax.monitoramentos.nada.$post
