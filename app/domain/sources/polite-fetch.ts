import { type PoliteFetch, SourceError, type SourceId } from './types'

/** The network as the engine sees it: a plain fetch (locally, our own stand-ins answer in-process). */
export type Fetcher = (request: Request) => Promise<Response>

export type Manners = {
  /** Requests per minute to the source's host, at most. */
  perMinute: number
  /** One try's limit; past it the request counts as a timeout. */
  timeoutMs: number
  /** Tries in this call before the error goes up to the queue (which tries again later). */
  tries: number
  /** First backoff (ms); doubled per try, with up to as much again of jitter. */
  backoffMs: number
  /** A 429's Retry-After up to this many seconds is waited here; a longer one goes to the queue. */
  maxInlineWaitSeconds: number
}

export const DEFAULT_MANNERS: Manners = {
  perMinute: 60,
  timeoutMs: 30_000,
  tries: 3,
  backoffMs: 500,
  maxInlineWaitSeconds: 30,
}

export type Clock = {
  now: () => number
  sleep: (ms: number) => Promise<void>
  random: () => number
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
}

/**
 * When each host may next be asked, per isolate: the sources queue has one consumer at a time
 * (max_concurrency = 1), so this spacing holds across its invocations too. A memo of manners, not
 * a client: nothing here outlives what the engine passes in.
 */
const nextSlot = new Map<string, number>()
/** Requests to one host wait for the one before (one at a time per host). */
const inFlight = new Map<string, Promise<unknown>>()

/** Seconds from a Retry-After header (seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, now: number): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** Backoff before try `attempt` (1-based): base·2^(attempt-1), plus jitter up to as much again. */
export function backoff(baseMs: number, attempt: number, random: () => number): number {
  const base = baseMs * 2 ** (attempt - 1)
  return Math.round(base + base * random())
}

class Retryable extends Error {
  constructor(
    readonly error: SourceError,
    readonly waitMs?: number,
  ) {
    super(error.message)
  }
}

/**
 * `fetch` with the engine's manners for one source (types.ts, `PoliteFetch`): one request at a
 * time per host at no more than `perMinute`; 429 waits its Retry-After; 5xx, timeouts, network
 * failures and bodies shorter than their Content-Length are tried again with backoff and jitter.
 * The body is read here, whole, so a cut answer never reaches the client as if it were complete.
 * After the last try (or a Retry-After too long to wait here) it throws a SourceError, which the
 * queue tries again later and, past its own last try, keeps as a dead letter.
 */
export function politeFetch(
  source: SourceId,
  fetcher: Fetcher,
  manners: Manners = DEFAULT_MANNERS,
  clock: Clock = realClock,
): PoliteFetch {
  const once = async (url: string, init?: RequestInit): Promise<Response> => {
    const host = new URL(url).host
    const wait = (nextSlot.get(host) ?? 0) - clock.now()
    if (wait > 0) await clock.sleep(wait)
    nextSlot.set(host, clock.now() + Math.ceil(60_000 / Math.max(1, manners.perMinute)))
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SourceError(source, 'timeout', `sem resposta em ${manners.timeoutMs} ms`)),
        manners.timeoutMs,
      )
    })
    try {
      const response = await Promise.race([
        fetcher(new Request(url, { ...init, signal: AbortSignal.timeout(manners.timeoutMs) })),
        timeout,
      ])
      if (response.status === 429) {
        const seconds = retryAfterSeconds(response.headers.get('Retry-After'), clock.now()) ?? 60
        await response.body?.cancel()
        throw new Retryable(new SourceError(source, 'http', 'HTTP 429', seconds), seconds * 1000)
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel()
        throw new SourceError(source, 'auth', `HTTP ${response.status}: credencial recusada`)
      }
      if (response.status >= 500) {
        await response.body?.cancel()
        throw new Retryable(new SourceError(source, 'http', `HTTP ${response.status}`))
      }
      const bytes = new Uint8Array(await Promise.race([response.arrayBuffer(), timeout]))
      const declared = Number(response.headers.get('Content-Length'))
      if (response.headers.has('Content-Length') && Number.isFinite(declared) && bytes.length < declared)
        throw new Retryable(
          new SourceError(source, 'truncated', `resposta cortada: ${bytes.length} de ${declared} bytes`),
        )
      const headers = new Headers(response.headers)
      headers.delete('Content-Length')
      return new Response(bytes, { status: response.status, statusText: response.statusText, headers })
    } catch (error) {
      if (error instanceof Retryable) throw error
      if (error instanceof SourceError) throw error.kind === 'auth' ? error : new Retryable(error)
      // A network failure (refused, reset, a body that ended early) is worth another try.
      throw new Retryable(new SourceError(source, 'http', `falha de rede: ${String(error)}`))
    } finally {
      clearTimeout(timer)
    }
  }

  const withRetries = async (url: string, init?: RequestInit): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(url, init)
      } catch (error) {
        if (!(error instanceof Retryable)) throw error
        const tooLong =
          error.error.retryAfterSeconds !== undefined &&
          error.error.retryAfterSeconds > manners.maxInlineWaitSeconds
        if (attempt >= manners.tries || tooLong) throw error.error
        await clock.sleep(error.waitMs ?? backoff(manners.backoffMs, attempt, clock.random))
      }
    }
  }

  return (url, init) => {
    const host = new URL(url).host
    const previous = inFlight.get(host) ?? Promise.resolve()
    const current = previous.catch(() => undefined).then(() => withRetries(url, init))
    inFlight.set(
      host,
      current.catch(() => undefined),
    )
    return current
  }
}
