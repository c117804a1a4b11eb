import { DatabaseSync } from 'node:sqlite'
import type { Clock } from '../../app/domain/search/count-on.server'
import { nodeD1 } from './node-d1'

// Where a search's time goes across shards (decisions/0082, 0114): every D1 call (a statement,
// or a batch: one round trip) of the in-process run, by binding, with its SQL time and its round.
// The shim runs SQL synchronously, one database after the other, so the in-process total (b) is
// the serial sum. The critical path is kept on a virtual clock: a call runs when it is issued and
// is answered at the virtual time it was issued plus its SQL time, earliest answer first, so a
// call issued by the code that an answer woke starts when that answer came. That is what the
// search would wait for if every database answered in parallel, transport excluded: a shard
// asked again on its own answer does not wait for the slowest shard of the round before.

export type TraceCall = {
  binding: string
  statements: number
  ms: number
  round: number
  /** The virtual time of its answer: the SQL time of the longest chain of calls that led to it. */
  path: number
  /** The start of each statement's SQL (to tell calls apart when reading a trace). */
  sql: string[]
}

/** An answer or a timer due on the virtual clock at `at`, waking the code in round `round`. */
type Pending = { at: number; round: number; settle: () => void }

export class Trace {
  calls: TraceCall[] = []
  #round = 0
  #now = 0
  /** The round of the answer the running code woke on (0 before any answer). */
  #woke = 0
  #pending: Pending[] = []
  #stepping = false

  reset() {
    this.calls = []
    this.#round = 0
    this.#now = 0
    this.#woke = 0
    this.#pending = []
  }

  /** Runs one round trip to `binding` (`statements` statements) now; answered on the virtual clock. */
  call<T>(binding: string, sql: string[], work: () => Promise<T>): Promise<T> {
    // The shim's SQL runs inside `work()` before it returns: the time taken is the call's.
    const started = performance.now()
    const result = work()
    const ms = performance.now() - started
    return result.then(
      (value) => this.#answer(binding, sql, ms, () => value),
      (error: unknown) =>
        this.#answer(binding, sql, ms, () => {
          throw error
        }),
    )
  }

  #answer<T>(binding: string, sql: string[], ms: number, settle: () => T): Promise<T> {
    const call = { binding, statements: sql.length, ms, round: this.#woke + 1, path: this.#now + ms, sql }
    this.calls.push(call)
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({
        at: call.path,
        round: call.round,
        settle: () => {
          try {
            resolve(settle())
          } catch (error) {
            reject(error)
          }
        },
      })
      this.#schedule()
    })
  }

  /** The search's clock on the virtual one (a shard counting on waits on it: count-on.server.ts). */
  clock: Clock = {
    now: () => this.#now,
    wait: (ms) =>
      new Promise<void>((resolve) => {
        this.#pending.push({ at: this.#now + ms, round: this.#woke, settle: resolve })
        this.#schedule()
      }),
  }

  /** Answers the earliest pending call once the code issuing calls has run to its next await. */
  #schedule() {
    if (this.#stepping) return
    this.#stepping = true
    setImmediate(() => {
      this.#stepping = false
      const next = this.#pending.reduce<Pending | null>(
        (best, p) => (best === null || p.at < best.at ? p : best),
        null,
      )
      if (!next) return
      this.#pending.splice(this.#pending.indexOf(next), 1)
      this.#now = next.at
      this.#woke = next.round
      this.#round = Math.max(this.#round, next.round)
      next.settle()
      if (this.#pending.length) this.#schedule()
    })
  }

  /** The search's rounds, its serial SQL time, its critical path and statements per binding (taken when it returns). */
  summary() {
    const perBinding: Record<string, { calls: number; statements: number; ms: number }> = {}
    for (const c of this.calls) {
      const b = perBinding[c.binding] ?? { calls: 0, statements: 0, ms: 0 }
      perBinding[c.binding] = { calls: b.calls + 1, statements: b.statements + c.statements, ms: b.ms + c.ms }
    }
    return {
      rounds: this.#round,
      serialMs: this.calls.reduce((sum, c) => sum + c.ms, 0),
      // When the search had its last answer: a call it issued and never awaited (a shard counting
      // on whose count the others settled) is in the serial time, not on the path.
      criticalMs: this.#now,
      perBinding,
    }
  }
}

type Inner = D1PreparedStatement & { all: () => Promise<D1Result>; query?: string }

/** A node:sqlite file as a D1 binding whose every call goes through `trace` as `binding`. */
export function traced(file: string, binding: string, trace: Trace) {
  const sqlite = new DatabaseSync(file, { readOnly: true })
  const d1 = nodeD1(sqlite)
  const wrap = (inner: Inner, query: string): D1PreparedStatement =>
    ({
      inner,
      query,
      bind: (...params: unknown[]) => wrap(inner.bind(...params) as Inner, query),
      all: () => trace.call(binding, [query], () => inner.all()),
      raw: () => trace.call(binding, [query], () => inner.raw()),
      first: (column?: string) => trace.call(binding, [query], () => inner.first(column as string)),
      run: () => trace.call(binding, [query], () => inner.run()),
    }) as unknown as D1PreparedStatement
  const shim = {
    prepare: (query: string) => wrap(d1.prepare(query) as Inner, query.replace(/\s+/g, ' ').slice(0, 160)),
    batch: (statements: (D1PreparedStatement & { inner: Inner; query: string })[]) =>
      trace.call(
        binding,
        statements.map((s) => s.query),
        () => d1.batch(statements.map((s) => s.inner)),
      ),
    withSession: () => ({ prepare: shim.prepare, batch: shim.batch, getBookmark: () => null }),
  }
  return { sqlite, d1: shim as unknown as D1Database }
}

export type TraceSummary = ReturnType<Trace['summary']>

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0
}
const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? 0
}
const r2 = (x: number) => Math.round(x * 100) / 100

/**
 * One class's row: rounds and statements per corpus database (medians over its queries), the
 * serial SQL time and the critical path (p95 over every run), one database against the spread.
 */
export function whereTimeGoes(
  name: string,
  queries: { params: Record<string, string | string[]> }[],
  one: Map<string, TraceSummary[]>,
  spread: Map<string, TraceSummary[]>,
) {
  const keys = queries.map((q) => {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(q.params))
      for (const x of Array.isArray(v) ? v : [v]) params.append(k, x)
    return String(params)
  })
  const runs = (from: Map<string, TraceSummary[]>) => keys.flatMap((k) => from.get(k) ?? [])
  const perQuery = (from: Map<string, TraceSummary[]>, pick: (s: TraceSummary) => number) =>
    median(keys.map((k) => median((from.get(k) ?? []).map(pick))))
  const shardStatements = (s: TraceSummary) =>
    Math.max(
      0,
      ...Object.entries(s.perBinding)
        .filter(([b]) => b !== 'DB')
        .map(([, v]) => v.statements),
    )
  const shardCalls = (s: TraceSummary) =>
    Math.max(
      0,
      ...Object.entries(s.perBinding)
        .filter(([b]) => b !== 'DB')
        .map(([, v]) => v.calls),
    )
  const serial1 = p95(runs(one).map((s) => s.serialMs))
  const serialN = p95(runs(spread).map((s) => s.serialMs))
  const criticalN = p95(runs(spread).map((s) => s.criticalMs))
  return {
    classe: name,
    'idas 1': perQuery(one, (s) => s.rounds),
    'idas N': perQuery(spread, (s) => s.rounds),
    'chamadas/shard': perQuery(spread, shardCalls),
    'consultas/shard': perQuery(spread, shardStatements),
    'consultas 1': perQuery(one, (s) => s.perBinding.DB?.statements ?? 0),
    'SQL p95 1': r2(serial1),
    'SQL p95 N (soma)': r2(serialN),
    'SQL p95 N (caminho crítico)': r2(criticalN),
    'soma ×': serial1 > 0 ? r2(serialN / serial1) : null,
    'crítico ×': serial1 > 0 ? r2(criticalN / serial1) : null,
  }
}

/**
 * The queries whose work across shards is the most against one database (medians of their runs,
 * ms of SQL): which query of a class to look at (issue 42).
 */
export function heaviestQueries(
  one: Map<string, TraceSummary[]>,
  spread: Map<string, TraceSummary[]>,
  n = 8,
) {
  return [...spread.keys()]
    .map((key) => {
      const serial1 = median((one.get(key) ?? []).map((s) => s.serialMs))
      const serialN = median((spread.get(key) ?? []).map((s) => s.serialMs))
      const criticalN = median((spread.get(key) ?? []).map((s) => s.criticalMs))
      return {
        consulta: key,
        'SQL 1': r2(serial1),
        'SQL N (soma)': r2(serialN),
        'SQL N (crítico)': r2(criticalN),
        'soma ×': serial1 > 0 ? r2(serialN / serial1) : null,
      }
    })
    .sort((a, b) => b['SQL N (soma)'] - b['SQL 1'] - (a['SQL N (soma)'] - a['SQL 1']))
    .slice(0, n)
}
