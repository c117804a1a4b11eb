import { round2, type Stats, stats } from './common'
import { type BenchQuery, type QueryClass, toSearchParams } from './queries'
import { type WorkerTiming, workerTiming } from './server-timing'

/**
 * (c) of `npm run bench`: the Worker's own time per request, read from its `Server-Timing`
 * header (issue 18), beside (a) the time over HTTP and (b) the search run in-process.
 */
export type TimingSamples = {
  total: number[]
  db: number[]
  /** D1 round trips of each answer, in the order of `total`. */
  calls: number[]
  missing: number
  /** Answers by the header's `cache` verdict: a `hit` here would measure the cache, not the search. */
  cache: Record<string, number>
}

export const emptySamples = (): TimingSamples => ({
  total: [],
  db: [],
  calls: [],
  missing: 0,
  cache: {},
})

export function record(samples: TimingSamples, timing: WorkerTiming | null) {
  if (!timing) {
    samples.missing += 1
    return
  }
  samples.total.push(timing.total)
  samples.db.push(timing.db ?? 0)
  samples.calls.push(timing.dbCalls ?? 0)
  if (timing.cache) samples.cache[timing.cache] = (samples.cache[timing.cache] ?? 0) + 1
}

export type WorkerTime = {
  total: Stats | null
  db: Stats | null
  /** D1 round trips per answer. */
  calls: Stats | null
  /**
   * An estimate, never a verdict: each answer's total less its round trips × the local D1
   * round trip (`roundTripMs`), i.e. what c would be if a D1 call cost what it costs in-process.
   */
  lessTransport: Stats | null
  missing: number
  cache: Record<string, number>
}

export function summarize(samples: TimingSamples, roundTripMs: number | null = null): WorkerTime {
  const less =
    roundTripMs === null
      ? []
      : samples.total.map((total, i) => Math.max(0, total - (samples.calls[i] ?? 0) * roundTripMs))
  return {
    total: samples.total.length ? stats(samples.total) : null,
    db: samples.db.length ? stats(samples.db) : null,
    calls: samples.calls.length ? stats(samples.calls) : null,
    lessTransport: less.length ? stats(less) : null,
    missing: samples.missing,
    cache: samples.cache,
  }
}

/**
 * The local D1 round trip: the Worker's `db` time for `select 1` (`/api/saude`, one statement
 * that does no work), so the transport from workerd to local D1 and back. Null without headers.
 */
export function d1RoundTrip(timings: (WorkerTiming | null)[]): Stats | null {
  const times = timings.flatMap((t) => (t?.db != null && t.dbCalls === 1 ? [t.db] : []))
  return times.length ? stats(times) : null
}

/** Targets of issue 18 at 1,000,000 documents. */
export const TARGETS = { workerOverInProcessP95: 1.5, httpP95Ms: 50, cachedPageMs: 5 } as const

type Row = { class: string; http: Stats; inProcess: Stats; worker: WorkerTime }

/**
 * One line per target and class: `OK`, `FALHOU`, or `sem medida` when the header was absent.
 * `pass` is true only when every target was measured and met, null when none failed but some
 * could not be measured.
 */
export function targetLines(
  rows: Row[],
  cached: CachedPages | null,
): { lines: string[]; pass: boolean | null } {
  const lines: string[] = []
  let failed = false
  let unmeasured = false
  const verdict = (ok: boolean | null) => {
    if (ok === false) failed = true
    if (ok === null) unmeasured = true
    return ok === null ? 'sem medida' : ok ? 'OK' : 'FALHOU'
  }
  for (const r of rows) {
    const c = r.worker.total?.p95
    const limit = round2(TARGETS.workerOverInProcessP95 * r.inProcess.p95)
    lines.push(
      `${verdict(c === undefined ? null : c <= limit)}  ${r.class}: c p95 ${c ?? '—'} ms ≤ 1,5 × b p95 (${limit} ms)`,
    )
  }
  for (const r of rows)
    lines.push(
      `${verdict(r.http.p95 <= TARGETS.httpP95Ms)}  ${r.class}: a p95 ${r.http.p95} ms ≤ ${TARGETS.httpP95Ms} ms`,
    )
  const p95 = cached?.hits?.p95
  lines.push(
    `${verdict(p95 === undefined ? null : p95 <= TARGETS.cachedPageMs)}  página de busca em cache: c p95 ${p95 ?? '—'} ms ≤ ${TARGETS.cachedPageMs} ms`,
  )
  return { lines, pass: failed ? false : unmeasured ? null : true }
}

export type CachedPages = {
  paths: string[]
  /** `total` of the answers the header marked `cache=hit`. */
  hits: Stats | null
  /** After the filling pass: answers that were not hits, by what the header said. */
  notHits: Record<string, number>
  /** Answers without a readable `total` (the header missing). */
  missing: number
  /** What the filling pass said, per path (expected: miss). */
  fill: Record<string, string>
}

/** Anonymous `/busca` pages for the first plain query of some classes (no filters, not jr/leis). */
export function cachedPagePaths(classes: QueryClass[], count = 4): string[] {
  const plain = (query: BenchQuery) =>
    !('filtro' in query.params) && !['jr', 'leis'].includes(String(query.params.qo ?? ''))
  const paths: string[] = []
  for (const c of classes) {
    const query = c.queries.find(plain)
    if (query) paths.push(`/busca?${toSearchParams(query)}`)
    if (paths.length >= count) break
  }
  return paths
}

/**
 * A cached anonymous search page: each path once to fill the Cache API, then `rounds` passes;
 * only `cache=hit` answers count towards the target, the rest are counted and reported.
 */
export async function measureCachedPages(
  port: number,
  paths: string[],
  rounds: number,
): Promise<CachedPages> {
  const ask = async (path: string) => {
    const res = await fetch(`http://localhost:${port}${path}`, { headers: { Accept: 'text/html' } })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`bench: HTTP ${res.status} para ${path}`)
    return workerTiming(res.headers.get('server-timing'))
  }
  const fill: Record<string, string> = {}
  for (const path of paths) fill[path] = (await ask(path))?.cache ?? 'sem cabeçalho'
  const hits: number[] = []
  const notHits: Record<string, number> = {}
  let missing = 0
  for (let round = 0; round < rounds; round++)
    for (const path of paths) {
      const timing = await ask(path)
      if (!timing) missing += 1
      else if (timing.cache === 'hit') hits.push(timing.total)
      else notHits[timing.cache ?? 'sem cache'] = (notHits[timing.cache ?? 'sem cache'] ?? 0) + 1
    }
  return { paths, hits: hits.length ? stats(hits) : null, notHits, missing, fill }
}
