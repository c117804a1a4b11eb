import { createDb } from '~/db/client.server'
import { openSession } from '~/db/d1-session.server'
import { authSecret } from '~/domain/auth/tokens.server'
import { createCorpus, loadShardMap } from '~/domain/corpus/shards.server'
import type { Deps } from '~/domain/deps'
import { createMailer } from '~/domain/mail/mail.server'
import { workerClock } from '~/domain/search/count-on.server'
import { mainOrigin } from '~/domain/site/host'
import { SOURCE_VARS } from '~/domain/sources/catalogue'

export type { Deps, Limiters } from '~/domain/deps'

/**
 * `start` is where the D1 session begins (a bookmark, 'first-unconstrained' or 'first-primary');
 * background work (queues, cron) starts on the primary.
 */
export function createDeps(env: Env, start = 'first-primary'): Deps {
  const session = openSession(env.DB, start)
  const db = createDb(session.client)
  // A shard is another database: the primary's bookmark means nothing there, so a shard's
  // session starts on its primary for background work and anywhere for a request's reads.
  const shardStart = start === 'first-primary' ? 'first-primary' : 'first-unconstrained'
  const bindings = env as unknown as Record<string, D1Database | undefined>
  const corpus = createCorpus(
    () => loadShardMap(env.PAGE_VERSIONS),
    (binding) => {
      if (binding === 'DB') return db
      const d1 = bindings[binding]
      if (!d1) throw new Error(`O mapa de shards cita ${binding}, que este Worker não declara.`)
      return createDb(openSession(d1, shardStart, session.timer).client)
    },
    Object.keys(bindings).filter((name) => /^CORPUS_\d+$/.test(name)),
  )
  return {
    db,
    corpus,
    dbTimer: session.timer,
    dbBookmark: session.bookmark,
    pageVersions: env.PAGE_VERSIONS,
    sessions: env.SESSIONS,
    suggestions: env.SUGGESTIONS,
    images: env.IMAGES,
    privateFiles: env.PRIVATE_FILES,
    notificationsQueue: env.NOTIFICATIONS,
    monitoringQueue: env.MONITORING,
    sourcesQueue: env.SOURCES,
    sourceVar: (name) => {
      const value = SOURCE_VARS.has(name) ? (env as unknown as Record<string, unknown>)[name] : undefined
      return typeof value === 'string' ? value : undefined
    },
    mailer: createMailer(env),
    limits: {
      loginAccount: env.LOGIN_ACCOUNT_LIMITER,
      loginAddress: env.LOGIN_ADDRESS_LIMITER,
      signup: env.SIGNUP_CHECK_LIMITER,
      email: env.EMAIL_LIMITER,
      messages: env.MESSAGE_LIMITER,
    },
    origin: mainOrigin(env.BASE_DOMAIN),
    shardSplitBytes: Number(env.SHARD_SPLIT_BYTES) || undefined,
    clock: workerClock,
    authSecret: () => authSecret(env),
    now: () => new Date(),
  }
}
