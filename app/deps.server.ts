import { createDb, type Database } from '~/db/client.server'
import { type DbTimer, openSession } from '~/db/d1-session.server'
import { authSecret } from '~/domain/auth/tokens.server'
import { createMailer, type Mailer } from '~/domain/mail/mail.server'
import { mainOrigin } from '~/domain/site/host'

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
  mailer: Mailer
  limits: Limiters
  /** The main site's origin, for links in e-mails and notifications. */
  origin: string
  /** Token signing key; read lazily so a misconfigured secret fails only the flows that sign. */
  authSecret: () => Uint8Array
  now: () => Date
}

/**
 * `start` is where the D1 session begins (a bookmark, 'first-unconstrained' or 'first-primary');
 * background work (queues, cron) starts on the primary.
 */
export function createDeps(env: Env, start = 'first-primary'): Deps {
  const session = openSession(env.DB, start)
  return {
    db: createDb(session.client),
    dbTimer: session.timer,
    dbBookmark: session.bookmark,
    pageVersions: env.PAGE_VERSIONS,
    sessions: env.SESSIONS,
    suggestions: env.SUGGESTIONS,
    images: env.IMAGES,
    privateFiles: env.PRIVATE_FILES,
    notificationsQueue: env.NOTIFICATIONS,
    monitoringQueue: env.MONITORING,
    mailer: createMailer(env),
    limits: {
      loginAccount: env.LOGIN_ACCOUNT_LIMITER,
      loginAddress: env.LOGIN_ADDRESS_LIMITER,
      signup: env.SIGNUP_CHECK_LIMITER,
      email: env.EMAIL_LIMITER,
      messages: env.MESSAGE_LIMITER,
    },
    origin: mainOrigin(env.BASE_DOMAIN),
    authSecret: () => authSecret(env),
    now: () => new Date(),
  }
}
