import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './schema'

// The professional network (issue 13): follows, their counts and the directory's listings.
// Counts are kept by triggers (migrations/0012_network_data.sql), never by application code,
// so every path that adds or removes a follow (a route, a cascade, a merge) keeps them exact.

const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

export const FOLLOW_KINDS = ['comunidade', 'usuario', 'pessoa', 'empresa', 'processo', 'artigo'] as const
export type FollowKind = (typeof FOLLOW_KINDS)[number]

/** One row per user and followed item; `membership` marks the community of one's profession or course. */
export const follows = sqliteTable(
  'follows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FOLLOW_KINDS }).notNull(),
    targetId: integer('target_id').notNull(),
    membership: integer('membership', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_user_item').on(t.userId, t.kind, t.targetId),
    index('follows_item').on(t.kind, t.targetId, t.createdAt),
    // Fan-out walks an item's followers in user id ranges (decisions/0029).
    index('follows_item_user').on(t.kind, t.targetId, t.userId),
    index('follows_user_created').on(t.userId, t.createdAt),
  ],
)

/** Follower count per followed item (spec §3: per `tipo` and `id`). */
export const followCounts = sqliteTable(
  'follow_counts',
  {
    kind: text('kind', { enum: FOLLOW_KINDS }).notNull(),
    targetId: integer('target_id').notNull(),
    followers: integer('followers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.targetId] })],
)

/** CBO code → the directory's profession slug (app/domain/directory/professions.ts). */
export const directoryProfessions = sqliteTable('directory_professions', {
  occupationCode: text('occupation_code').primaryKey(),
  profession: text('profession').notNull(),
})

/**
 * The directory, denormalised for reading pages in index order (decisions/0023): one row per
 * professional and city they are found in (their own city, `home`, and each service city).
 */
export const directoryListings = sqliteTable(
  'directory_listings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cityCode: integer('city_code').notNull(),
    profession: text('profession').notNull(),
    uf: text('uf').notNull(),
    home: integer('home', { mode: 'boolean' }).notNull(),
    completeness: integer('completeness').notNull(),
    followers: integer('followers').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cityCode] }),
    index('directory_profession_city').on(
      t.profession,
      t.cityCode,
      sql`${t.completeness} desc`,
      sql`${t.followers} desc`,
      t.userId,
    ),
    index('directory_city').on(t.cityCode, sql`${t.completeness} desc`, sql`${t.followers} desc`, t.userId),
    index('directory_profession_home').on(
      t.profession,
      t.home,
      sql`${t.completeness} desc`,
      sql`${t.followers} desc`,
      t.userId,
    ),
    index('directory_profession_uf').on(t.profession, t.uf, t.cityCode),
  ],
)

export type Follow = typeof follows.$inferSelect

/**
 * Per-account daily counters (issue 27, decisions/0049): `subject` 'u:{id}' or 'ip:{hash}', `day`
 * the Brazilian day 'YYYY-MM-DD'. Moved only by the upsert in app/domain/limits/daily-quotas.server.ts.
 */
export const dailyQuotas = sqliteTable(
  'daily_quotas',
  {
    subject: text('subject').notNull(),
    action: text('action').notNull(),
    day: text('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subject, t.action, t.day] }), index('daily_quotas_day').on(t.day)],
)
