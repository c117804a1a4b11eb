import type { Database } from '~/db/client.server'
import type { DbTimer } from '~/db/d1-session.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import type { Mailer } from '~/domain/mail/mail.server'
import type { Clock } from '~/domain/search/count-on.server'

// The shape of what use-cases receive, apart from how it is built (app/deps.server.ts builds it
// from the Worker's bindings): the domain names this type and never imports the builder above it.

/** The Rate Limiting bindings use-cases count against (decisions/0014, 0015). */
export type Limiters = {
  loginAccount: RateLimit
  loginAddress: RateLimit
  signup: RateLimit
  email: RateLimit
  messages: RateLimit
}

/** Everything domain functions may touch, built from the Worker's bindings for one request or batch. */
export type Deps = {
  db: Database
  /** The corpus's databases by the shard map (decisions/0072): every corpus reader and writer's way in. */
  corpus: Corpus
  /** Time spent waiting on D1 so far, for `Server-Timing: db`. */
  dbTimer: DbTimer
  /** The D1 session's bookmark after this request's queries (decisions/0035). */
  dbBookmark: () => string | null
  /** Versions of cached anonymous pages (decisions/0035): bumping one purges its pages. */
  pageVersions: KVNamespace
  sessions: KVNamespace
  suggestions: KVNamespace
  images: R2Bucket
  /** Private files (removal requests' identity documents): never served publicly. */
  privateFiles: R2Bucket
  notificationsQueue: Queue
  monitoringQueue: Queue
  /** Fetching from the public sources (issue 40): one message per page of a job. */
  sourcesQueue: Queue
  /** A var or secret the sources' catalogue names (their addresses and keys), else undefined. */
  sourceVar: (name: string) => string | undefined
  mailer: Mailer
  limits: Limiters
  /** The main site's origin, for links in e-mails and notifications. */
  origin: string
  /** A corpus database past this size is split (decisions/0077; SHARD_SPLIT_BYTES, 8 GB). */
  shardSplitBytes?: number
  /**
   * The clock a search across shards hedges by (count-on.server.ts): the Worker's. Absent (a
   * test's own deps), no shard counts on, so its rounds are the same on every run.
   */
  clock?: Clock
  /** Token signing key; read lazily so a misconfigured secret fails only the flows that sign. */
  authSecret: () => Uint8Array
  now: () => Date
}
