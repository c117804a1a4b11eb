import type { InputOf, OutputOf } from '~/api/endpoint'
import type { Endpoints } from '~/api/endpoints'
import { type ActionOutcome, postAction, readOutcome } from './send-form'

/** Any declared endpoint's route: app/api/routes.ts, or an area's module in app/api/area-routes/. */
type RouteId = keyof Endpoints
type RouteOf<K extends RouteId> = { id: K; method: 'get' | 'post'; path: string }

const paramPattern = /:([A-Za-z0-9_]+)/g

/**
 * `origin`: another host of the site answers it (a profile host asks the main one for the search
 * box's suggestions); `signal`: a call made stale by the next keystroke is aborted.
 */
export type CallOptions = {
  origin?: string
  signal?: AbortSignal
  /** Off for a body past keepalive's 64 KB (the profile photo), which the browser would refuse. */
  keepalive?: boolean
  /**
   * A POST's query: the login's and signup's `auth.redirect` (where to return), which their forms
   * without JavaScript carry in their address too.
   */
  query?: Record<string, string>
}

/** A route's address: path parameters filled in (encoded). */
export function routePath(route: { path: string }, input: Record<string, unknown> = {}): string {
  return route.path.replace(paramPattern, (_, name: string) => encodeURIComponent(String(input[name] ?? '')))
}

/**
 * The browser's one way to call an endpoint of the registry (decisions/0062): it takes the route
 * (app/api/routes.ts), the input typed by the endpoint's declaration, and reads the answer as the
 * typed success body or the typed errors (the product's ActionOutcome). A POST sends JSON and
 * survives the page unloading (`keepalive`: buttons change at once and people leave right away);
 * a GET sends the input as the query.
 */
export async function call<K extends RouteId>(
  route: RouteOf<K>,
  input: InputOf<Endpoints[K]>,
  options: CallOptions = {},
): Promise<ActionOutcome<OutputOf<Endpoints[K]>>> {
  const fields = (input ?? {}) as Record<string, unknown>
  const inPath = new Set([...route.path.matchAll(paramPattern)].map((match) => match[1]))
  const path = `${options.origin ?? ''}${routePath(route, fields)}`
  try {
    if (route.method === 'get') {
      const query = new URLSearchParams()
      for (const [key, value] of Object.entries(fields))
        if (!inPath.has(key) && value !== undefined && value !== null) query.append(key, String(value))
      const search = query.toString()
      return await readOutcome(
        await fetch(search ? `${path}?${search}` : path, {
          headers: { Accept: 'application/json' },
          signal: options.signal,
        }),
      )
    }
    const query = options.query ? `?${new URLSearchParams(options.query)}` : ''
    return await postAction<OutputOf<Endpoints[K]>>(`${path}${query}`, fields, {
      signal: options.signal,
      keepalive: options.keepalive,
    })
  } catch {
    return { ok: false, kind: 'failure' }
  }
}
