// Where each endpoint of the registry lives (decisions/0062): the id, the method and the path, as
// plain data. The declarations (app/api/endpoints/) spread these; the browser's `call` takes one
// of them and gets its types from the declaration by a type-only import, so a button's bundle
// carries these few strings and not the schemas (zod stays out of pages that do not use a form).
// No other module spells an endpoint's path (test/unit/endpoint-schemas.test.ts).

const route = <const K extends string, const M extends 'get' | 'post', const P extends string>(
  id: K,
  method: M,
  path: P,
) => ({ id, method, path })

export const routes = {
  follow: route('follow', 'post', '/ajax/seguir'),
  unfollow: route('unfollow', 'post', '/ajax/deixar-seguir'),
  followers: route('followers', 'get', '/ajax/seguidores'),
}

export type Route = (typeof routes)[keyof typeof routes]
export type RouteId = keyof typeof routes
