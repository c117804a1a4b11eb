import { createDb, type Database } from '~/db/client.server'
import { authSecret } from '~/domain/auth/tokens.server'
import { createMailer, type Mailer } from '~/domain/mail/mail.server'

/** Everything domain functions may touch, built from the Worker's bindings for one request or batch. */
export type Deps = {
  db: Database
  sessions: KVNamespace
  suggestions: KVNamespace
  images: R2Bucket
  notificationsQueue: Queue
  monitoringQueue: Queue
  mailer: Mailer
  /** Token signing key; read lazily so a misconfigured secret fails only the flows that sign. */
  authSecret: () => Uint8Array
  now: () => Date
}

export function createDeps(env: Env): Deps {
  return {
    db: createDb(env.DB),
    sessions: env.SESSIONS,
    suggestions: env.SUGGESTIONS,
    images: env.IMAGES,
    notificationsQueue: env.NOTIFICATIONS,
    monitoringQueue: env.MONITORING,
    mailer: createMailer(env),
    authSecret: () => authSecret(env),
    now: () => new Date(),
  }
}
