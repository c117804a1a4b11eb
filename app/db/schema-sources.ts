import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

// The public sources the product fetches from (issue 40, decisions/0100). Timestamps in unix ms.

const now = () => sql`(cast(unixepoch('subsec') * 1000 as integer))`

/**
 * One unit of fetching work: a window or a lookup, walked page by page. The row holds the page
 * to fetch next, so a lost or repeated Queue message never skips or doubles a page; after the
 * last try it stays as a dead letter (`falhou`) until a reviewer retries it.
 */
export const sourceJobs = sqliteTable(
  'source_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    source: text('source').notNull(),
    /** What the job is, unique per source: `processo:<cnj>:<period>`, `janela:<scope>:<from>:<to>`. */
    key: text('key').notNull(),
    /** The page to fetch next (`PageRequest` as JSON). */
    request: text('request', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    page: integer('page').notNull().default(0),
    status: text('status', { enum: ['pendente', 'feito', 'falhou'] })
      .notNull()
      .default('pendente'),
    /** Tries of the current page (reset when a page succeeds). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Records stored and skipped so far, over every page. */
    records: integer('records').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The last skipped records' reasons (at most 20), for the reviewers' page. */
    skips: text('skips', { mode: 'json' }).$type<{ reason: string; ref?: string }[]>(),
    createdAt: integer('created_at', { mode: 'number' }).notNull().default(now()),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull().default(now()),
    doneAt: integer('done_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('source_jobs_key').on(t.source, t.key),
    index('source_jobs_status').on(t.status, t.updatedAt),
    index('source_jobs_done').on(t.source, t.doneAt),
  ],
)

/** How far a followed scope (a court, a gazette) is planned: every day before `upTo` has its window job. */
export const sourceCursors = sqliteTable(
  'source_cursors',
  {
    source: text('source').notNull(),
    scope: text('scope').notNull(),
    /** ISO day: windows are planned from here on. */
    upTo: text('up_to').notNull(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull().default(now()),
  },
  (t) => [primaryKey({ columns: [t.source, t.scope] })],
)

/**
 * A monitored CNJ number as DataJud last answered it: found or not yet there. One row per number,
 * whoever monitors it: the lookup is made once for all of them.
 */
export const lawsuitLookups = sqliteTable('lawsuit_lookups', {
  cnj: text('cnj').primaryKey(),
  status: text('status', { enum: ['encontrado', 'nao_encontrado'] }).notNull(),
  checkedAt: integer('checked_at', { mode: 'number' }).notNull(),
})
