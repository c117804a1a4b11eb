import { createDb, type Database } from '~/db/client.server'

/** Everything domain functions may touch, built from the Worker's bindings for one request or batch. */
export type Deps = {
  db: Database
  sessions: KVNamespace
  suggestions: KVNamespace
  images: R2Bucket
  notificationsQueue: Queue
  monitoringQueue: Queue
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
    now: () => new Date(),
  }
}
