import { type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { PageKind } from '~/db/schema-trust'
import { unlistingCondition } from './restrictions.server'

/**
 * SQL true when the page of `kind` whose id is `id` is out of listings (de-indexed, or a person
 * page masked: `unlistingCondition`, decisions/0097): every listing that feeds search, suggestions
 * and sitemaps adds `NOT (deindexed(...))`. In corpus, below removal (which
 * writes the decisions): the corpus's own reads filter with it.
 */
export const deindexed = (kind: PageKind, id: SQL | SQLiteColumn | string): SQL =>
  sql`EXISTS (SELECT 1 FROM hidden_pages hp WHERE hp.kind = ${kind} AND hp.ref_id = ${typeof id === 'string' ? sql.raw(id) : id} AND ${sql.raw(unlistingCondition(kind))})`
