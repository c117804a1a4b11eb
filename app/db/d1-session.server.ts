/**
 * Reads through the D1 Sessions API (decisions/0035): every request opens one session, so a
 * visitor who just wrote reads their own write on whatever replica answers, and an anonymous
 * read may be served by any replica. The session is timed for `Server-Timing: db`.
 */

/** The cookie that carries the bookmark of a browser's latest write (shared by every host). */
export const BOOKMARK_COOKIE = 'd1_marcador'

/** Bookmarks are opaque, short and URL-safe; anything else in the cookie is ignored. */
const BOOKMARK_SHAPE = /^[A-Za-z0-9._-]{1,200}$/

export function validBookmark(value: string | undefined | null): string | null {
  return value && BOOKMARK_SHAPE.test(value) ? value : null
}

/**
 * Where a session starts without a bookmark: a read may start on any replica; a write (and the
 * reads it depends on) starts on the primary, so a uniqueness check never reads an old copy.
 */
export function sessionStart(bookmark: string | null, writes: boolean): string {
  return bookmark ?? (writes ? 'first-primary' : 'first-unconstrained')
}

/** Wall time with at least one query in flight (parallel queries are not counted twice). */
export class DbTimer {
  #inFlight = 0
  #since = 0
  #total = 0
  /** Statements and batches sent (a batch is one round trip). */
  calls = 0

  async time<T>(work: () => Promise<T>): Promise<T> {
    this.calls += 1
    if (this.#inFlight++ === 0) this.#since = performance.now()
    try {
      return await work()
    } finally {
      if (--this.#inFlight === 0) this.#total += performance.now() - this.#since
    }
  }

  /** Milliseconds so far (an interval still open counts up to now). */
  get total(): number {
    return this.#total + (this.#inFlight > 0 ? performance.now() - this.#since : 0)
  }
}

/**
 * A statement refused because another process holds the database's lock ran nothing, so it is
 * safe to send again, writes included: SQLite rolls the statement or batch back, and the local
 * D1 asks for the session's commit token inside the same transaction, so that failure ("Failed
 * to get session commit token", the lock again, miniflare's d1 database.worker.js) rolls back too.
 * Locally that process is `npm run import`, the seed or a script writing the same SQLite file
 * as the running site (decisions/0078); D1 itself has one writer per database and retries its
 * own transient read errors.
 */
const LOCKED = /SQLITE_BUSY|database is locked|Failed to get session commit token/
/** Up to about 6 s of waiting in all: longer than a local import batch holds the lock. */
const LOCKED_WAITS_MS = [20, 40, 80, 160, 320, 640, 1000, 1500, 2000]

export async function whileLocked<T>(work: () => Promise<T>, waits = LOCKED_WAITS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      const wait = waits[attempt]
      const cause = (error as { cause?: unknown }).cause
      if (wait === undefined || !LOCKED.test(`${error} ${cause ?? ''}`)) throw error
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}

type Statement = D1PreparedStatement
const TIMED = ['all', 'run', 'raw', 'first'] as const

/** A statement that only reads (a SELECT, or a WITH whose statement is one): safe to send in a batch. */
const READS = /^\s*(SELECT|WITH)\b/i
// `replace(` is a string function that reads use ("Mais recentes"' day tokens); REPLACE INTO writes.
const WRITES = /\b(INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|ATTACH)\b|\bREPLACE\s+INTO\b/i
export const readsOnly = (query: string) => READS.test(query) && !WRITES.test(query)
/** The most reads in one batch. */
const BATCH_MOST = 50

/**
 * Reads started together go to D1 as one batch: one round trip for what a page asks at once (a
 * category's page and its lawsuits' count, "Todas"'s seven categories), where each was one
 * (decisions/0109). Gathered until the current microtasks have run, so nothing waits on a timer;
 * one alone is sent as it is. A batch that fails is sent again one statement at a time, so each
 * read gets its own answer or error, as before (reads are safe to repeat).
 */
class ReadBatch {
  #queue: {
    statement: Statement
    send: () => Promise<D1Result>
    done: (r: D1Result) => void
    fail: (e: unknown) => void
  }[] = []

  constructor(
    private readonly session: D1DatabaseSession,
    private readonly timer: DbTimer,
  ) {}

  all(statement: Statement, send: () => Promise<D1Result>): Promise<D1Result> {
    return new Promise((done, fail) => {
      this.#queue.push({ statement, send, done, fail })
      if (this.#queue.length === 1) queueMicrotask(() => void this.#flush())
      // A page's reads are a few; a loop's many go in batches of a bounded size.
      else if (this.#queue.length >= BATCH_MOST) void this.#flush()
    })
  }

  async #flush() {
    const queued = this.#queue
    this.#queue = []
    if (!queued.length) return
    const alone = (q: (typeof queued)[number]) =>
      this.timer.time(() => whileLocked(q.send)).then(q.done, q.fail)
    if (queued.length === 1) return alone(queued[0] as (typeof queued)[number])
    let results: D1Result[]
    try {
      results = await this.timer.time(() =>
        whileLocked(() => this.session.batch(queued.map((q) => q.statement))),
      )
    } catch {
      await Promise.all(queued.map(alone))
      return
    }
    for (const [i, q] of queued.entries()) q.done(results[i] as D1Result)
  }
}

/**
 * The statement itself, its methods timed. Not a wrapper object: `batch` only accepts the
 * runtime's own statements, so the instance is kept and its methods are replaced. A read's
 * `all` joins the reads started with it (`ReadBatch`).
 */
function timedStatement(statement: Statement, timer: DbTimer, reads: ReadBatch | null): Statement {
  const bind = statement.bind.bind(statement)
  statement.bind = (...values: unknown[]) => timedStatement(bind(...values), timer, reads)
  for (const name of TIMED) {
    const original = (statement[name] as (...args: unknown[]) => Promise<unknown>).bind(statement)
    ;(statement as unknown as Record<string, unknown>)[name] =
      reads && name === 'all'
        ? () => reads.all(statement, () => original() as Promise<D1Result>)
        : (...args: unknown[]) => timer.time(() => whileLocked(() => original(...args)))
  }
  return statement
}

/** What Drizzle calls on its client: `prepare` and `batch` (drizzle-orm/d1/session.js). */
export type D1Client = Pick<D1Database, 'prepare' | 'batch'>

export type TimedSession = {
  client: D1Client
  timer: DbTimer
  /** The bookmark after this request's queries (null when none ran or the runtime has none). */
  bookmark: () => string | null
}

/**
 * A D1 session from `withSession`, with every statement and batch timed; the corpus shards'
 * sessions share the request's timer (decisions/0072), so `Server-Timing: db` counts them all.
 */
export function openSession(d1: D1Database, start: string, timer = new DbTimer()): TimedSession {
  const session = d1.withSession(start)
  const reads = new ReadBatch(session, timer)
  const client: D1Client = {
    prepare: (query) => timedStatement(session.prepare(query), timer, readsOnly(query) ? reads : null),
    batch: (statements) => timer.time(() => whileLocked(() => session.batch(statements))),
  }
  return { client, timer, bookmark: () => session.getBookmark() }
}
