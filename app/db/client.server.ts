import type { SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import type { D1Client } from './d1-session.server'
import * as schema from './schema'
import * as accounts from './schema-accounts'
import * as articlesSchema from './schema-articles'
import * as claimsSchema from './schema-claims'
import * as corpus from './schema-corpus'
import * as deadlinesSchema from './schema-deadlines'
import * as intimationsSchema from './schema-intimations'
import * as monitoringSchema from './schema-monitoring'
import * as network from './schema-network'
import * as privacySchema from './schema-privacy'
import * as shardsSchema from './schema-shards'
import * as sourcesSchema from './schema-sources'
import * as trustSchema from './schema-trust'

/**
 * Built per request from the D1 binding or a D1 session (decisions/0035); never a module-level
 * singleton. Drizzle only calls `prepare` and `batch`, which a session has too.
 */
export function createDb(d1: D1Database | D1Client) {
  return drizzle(d1 as D1Database, {
    schema: {
      ...schema,
      ...corpus,
      ...shardsSchema,
      ...accounts,
      ...network,
      ...articlesSchema,
      ...monitoringSchema,
      ...intimationsSchema,
      ...claimsSchema,
      ...trustSchema,
      ...privacySchema,
      ...deadlinesSchema,
      ...sourcesSchema,
    },
  })
}

export type Database = ReturnType<typeof createDb>

/**
 * Raw SQL statements in one D1 batch: one round trip, each statement's rows back in order.
 * Drizzle's own `batch` cannot take `db.all(sql)` (0.45: a raw query has no prepared statement to
 * bind), so they are bound here as Drizzle binds its own.
 */
export async function allInBatch(db: Database, queries: SQL[]): Promise<unknown[][]> {
  if (!queries.length) return []
  const client = db.$client
  const statements = queries.map((query) => {
    const built = db.all(query).getQuery()
    return client.prepare(built.sql).bind(...built.params)
  })
  return (await client.batch(statements)).map((result) => result.results)
}
