/**
 * The `Server-Timing` header (W3C Server Timing) as the benches read it. Pure, with no Node
 * imports, so the Workers-pool tests run it too (test/unit/server-timing.test.ts); common.ts
 * re-exports it for the benches.
 */
export type ServerTimingMetric = { name: string; dur: number | null; desc: string | null }

/** RFC 9110 token characters. */
const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/

/**
 * `metric;dur=12.3;desc="x", other;desc=hit`: metrics separated by commas (several headers arrive
 * joined by ", "), parameters by semicolons, values a token or a quoted-string (backslash escapes).
 * As the spec says, the first `dur` or `desc` of a metric counts and unknown parameters are
 * ignored; an unreadable `dur` is null here (not 0): a bench must not count a wrong number.
 */
export function parseServerTiming(header: string | null | undefined): ServerTimingMetric[] {
  const metrics: ServerTimingMetric[] = []
  if (!header) return metrics
  const text = header
  const n = text.length
  let i = 0
  const skipSpace = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t')) i++
  }
  const token = () => {
    const start = i
    while (i < n && TCHAR.test(text[i] as string)) i++
    return text.slice(start, i)
  }
  const quoted = () => {
    let out = ''
    i++ // opening quote
    while (i < n && text[i] !== '"') {
      if (text[i] === '\\' && i + 1 < n) i++
      out += text[i]
      i++
    }
    i++ // closing quote
    return out
  }
  while (i < n) {
    skipSpace()
    const metric: ServerTimingMetric = { name: token(), dur: null, desc: null }
    let seenDur = false
    let seenDesc = false
    skipSpace()
    while (i < n && text[i] === ';') {
      i++
      skipSpace()
      const param = token().toLowerCase()
      skipSpace()
      let value = ''
      if (text[i] === '=') {
        i++
        skipSpace()
        value = text[i] === '"' ? quoted() : token()
        skipSpace()
      }
      if (param === 'dur' && !seenDur) {
        seenDur = true
        const ms = Number(value)
        metric.dur = value !== '' && Number.isFinite(ms) ? ms : null
      } else if (param === 'desc' && !seenDesc) {
        seenDesc = true
        metric.desc = value
      }
    }
    // Anything else up to the next metric is malformed: skipped, quoted commas included.
    while (i < n && text[i] !== ',') {
      if (text[i] === '"') quoted()
      else i++
    }
    if (metric.name) metrics.push(metric)
    i++ // the comma
  }
  return metrics
}

/** What the app's header says about one request (docs/architecture.md, Server-Timing). */
export type WorkerTiming = {
  /** The Worker's own time for the request, ms. */
  total: number
  /** Time with a D1 query in flight, ms (null when the request ran none). */
  db: number | null
  /** D1 round trips (statements and batches), from the `db` metric's desc ("3 consultas"). */
  dbCalls: number | null
  /** Remix rendering, ms (pages only). */
  render: number | null
  /** The Cache API's verdict (`hit`, `miss`, `bypass`), when the route caches. */
  cache: string | null
}

/** The leading count of `db`'s desc ("1 consulta", "3 consultas"), or null. */
function roundTrips(desc: string | null | undefined): number | null {
  const count = desc ? /^\s*(\d+)/.exec(desc)?.[1] : undefined
  return count === undefined ? null : Number(count)
}

/** The app's metrics from a response header, or null when there is no `total` to read. */
export function workerTiming(header: string | null | undefined): WorkerTiming | null {
  const metrics = parseServerTiming(header)
  const find = (name: string) => metrics.find((m) => m.name.toLowerCase() === name)
  const total = find('total')?.dur
  if (total === null || total === undefined) return null
  return {
    total,
    db: find('db')?.dur ?? null,
    dbCalls: roundTrips(find('db')?.desc),
    render: find('render')?.dur ?? null,
    cache: find('cache')?.desc?.toLowerCase() ?? null,
  }
}
