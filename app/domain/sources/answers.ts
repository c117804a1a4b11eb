import { SourceError, type SourceId } from './types'

/**
 * A path under a source's base address. The base may carry a path of its own (the stand-ins live
 * under /__dev/<source>), so the path is appended, never resolved from the host's root.
 */
export function sourceUrl(baseUrl: string, path: string, query: Record<string, string | undefined> = {}) {
  const url = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') url.searchParams.set(name, value)
  return url.toString()
}

/** Seconds of a Retry-After header (seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim())
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/** A non-2xx answer as the engine's error: 429 with its wait, 401/403 as credentials. */
export async function failIfNotOk(source: SourceId, response: Response): Promise<void> {
  if (response.ok) return
  await response.body?.cancel()
  const kind = response.status === 401 || response.status === 403 ? 'auth' : 'http'
  throw new SourceError(
    source,
    kind,
    `HTTP ${response.status} de ${response.url || source}`,
    response.status === 429 ? retryAfterSeconds(response.headers.get('retry-after')) : undefined,
  )
}

/**
 * The JSON body of an answer. A body that does not parse was cut on the way (or is not the API's
 * answer at all): `truncated`, which the engine retries, never an empty page.
 */
export async function readJson(source: SourceId, response: Response): Promise<unknown> {
  await failIfNotOk(source, response)
  const text = await response.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new SourceError(source, 'truncated', `resposta JSON incompleta ou inválida (${text.length} bytes)`)
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value)
