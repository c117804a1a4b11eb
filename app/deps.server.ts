import { createDb } from '~/db/client.server'
import { openSession } from '~/db/d1-session.server'
import { authSecret } from '~/domain/auth/tokens.server'
import type { Deps } from '~/domain/deps'
import { createMailer } from '~/domain/mail/mail.server'
import { mainOrigin } from '~/domain/site/host'

export type { Deps, Limiters } from '~/domain/deps'

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
