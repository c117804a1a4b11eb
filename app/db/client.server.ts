import { drizzle } from 'drizzle-orm/d1'
import * as schema from './schema'
import * as accounts from './schema-accounts'
import * as articlesSchema from './schema-articles'
import * as claimsSchema from './schema-claims'
import * as corpus from './schema-corpus'
import * as monitoringSchema from './schema-monitoring'
import * as network from './schema-network'

/** Built per request from the D1 binding; never a module-level singleton. */
export function createDb(d1: D1Database) {
  return drizzle(d1, {
    schema: {
      ...schema,
      ...corpus,
      ...accounts,
      ...network,
      ...articlesSchema,
      ...monitoringSchema,
      ...claimsSchema,
    },
  })
}

export type Database = ReturnType<typeof createDb>
