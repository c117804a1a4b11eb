// The contract between the fetch engine (cron, queues, cursors, politeness, dead letters) and
// each public source's client (issue 40). A client speaks one API's protocol and turns one page
// of its answer into records an existing importer stores; the engine decides when and how often.

/** fetch with the engine's manners: one request at a time per host, its rate, Retry-After on
 * 429, retries with backoff and jitter on 5xx, timeouts and cut bodies. A client calls it like
 * fetch and sees only the final answer (or a thrown SourceError). */
export type PoliteFetch = (url: string, init?: RequestInit) => Promise<Response>

/** Where a source is read from: vars and secrets, resolved per request (never a global). */
export interface SourceConfig {
  baseUrl: string
  credentials: Record<string, string>
}

/** One unit of work: a date window (ISO days, inclusive) and a page within it, plus what the
 * query is about (a CNJ number, an OAB, a name, a territory). One Queue message each. */
export interface PageRequest {
  source: SourceId
  window: { from: string; to: string }
  page: number
  query?: Record<string, string>
}

export interface PageResult<R> {
  records: R[]
  /** records the client could not read, each with its reason (skipped, never failing the page) */
  skipped: { reason: string; ref?: string }[]
  /** the next page of the same window, or null when the window is done */
  next: PageRequest | null
}

export type SourceId = 'datajud' | 'djen' | 'querido-diario' | 'inlabs'

/** Thrown for an answer that must not be stored (a cut body, a changed shape): the engine retries
 * it and, after the last try, keeps it as a dead letter. */
export class SourceError extends Error {
  constructor(
    readonly source: SourceId,
    readonly kind: 'http' | 'timeout' | 'truncated' | 'shape' | 'auth',
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'SourceError'
  }
}

export interface SourceClient<R> {
  id: SourceId
  fetchPage(http: PoliteFetch, config: SourceConfig, request: PageRequest): Promise<PageResult<R>>
}
