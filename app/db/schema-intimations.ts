import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './schema'
import { monitorings } from './schema-monitoring'

// Intimações by OAB and their deadlines (issue 41, decisions/0103). A lawyer's private view:
// every read is by its owner's id. Timestamps in unix ms; days as ISO yyyy-mm-dd text.

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`

/** One DJEN communication naming one of a person's OAB numbers: once per person and communication. */
export const intimations = sqliteTable(
  'intimations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The OAB monitoring that matched (its removal takes its intimações along). */
    monitoringId: integer('monitoring_id')
      .notNull()
      .references(() => monitorings.id, { onDelete: 'cascade' }),
    /** The OAB key matched ("RJ94719"), for the filter. */
    oab: text('oab').notNull(),
    /** DJEN `id`. */
    communicationId: text('communication_id').notNull(),
    court: text('court').notNull(),
    /** 20 digits. */
    lawsuitCnj: text('lawsuit_cnj').notNull(),
    /** DJEN `data_disponibilizacao`. */
    availableOn: text('available_on').notNull(),
    kind: text('kind'),
    documentType: text('document_type'),
    className: text('class_name'),
    classCode: text('class_code'),
    organ: text('organ'),
    body: text('body').notNull(),
    /** False once DJEN cancels it (`ativo: false`, `status: "C"`): its deadline is withdrawn. */
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** The counter's last day, indexed and sorted on; null: no deadline (asks nothing, or withdrawn). */
    lastDay: text('last_day'),
    /** What the deadline counter returned, whole (the count's steps and rules; domain-typed). */
    deadline: text('deadline', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    /** The lawyer's correction (days, court), kept and applied at every recount. */
    correction: text('correction', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    fulfilledAt: integer('fulfilled_at', { mode: 'number' }),
    /**
     * The counter's rules version (COUNTER_VERSION) this row was counted with; 0 marks it stale (a
     * court's suspension added in its window): the recount walk takes rows below the current one.
     */
    countedWith: integer('counted_with').notNull().default(0),
    /** Bumped each time the last day moves (the feed's SEQUENCE, RFC 5545 §3.8.7.4). */
    revision: integer('revision').notNull().default(0),
    /** The last day before the court's calendar moved it (not the lawyer's own correction). */
    movedFrom: text('moved_from'),
    /** Null until its notification and webhook were queued (the cron's outbox). */
    announcedAt: integer('announced_at', { mode: 'number' }),
    createdAt: integer('created_at', { mode: 'number' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull().default(now),
  },
  (t) => [
    uniqueIndex('intimations_user_communication').on(t.userId, t.communicationId),
    index('intimations_user_available').on(t.userId, t.availableOn, t.id),
    index('intimations_user_last_day').on(t.userId, t.lastDay),
    index('intimations_communication').on(t.communicationId),
    index('intimations_unannounced').on(t.id).where(sql`announced_at IS NULL`),
    index('intimations_open_last_day')
      .on(t.lastDay)
      .where(sql`last_day IS NOT NULL AND fulfilled_at IS NULL`),
    // The recount walk: open deadlines counted by an older calendar (or marked stale).
    index('intimations_recount')
      .on(t.countedWith, t.id)
      .where(sql`last_day IS NOT NULL AND fulfilled_at IS NULL AND active = 1`),
  ],
)

/** Per person: the e-mail reminders' business days before a last day, and the calendar feed's secret. */
export const deadlineSettings = sqliteTable(
  'deadline_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Business days before the last day, e.g. [3, 1]; [] for no reminder. */
    reminderDays: text('reminder_days', { mode: 'json' }).$type<number[]>().notNull(),
    /** Random; the feed's address is an HMAC of it under AUTH_SECRET (never stored). */
    feedNonce: text('feed_nonce'),
    /** sha256 hex of the address's token: the feed is found by it. */
    feedTokenHash: text('feed_token_hash'),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull().default(now),
  },
  (t) => [uniqueIndex('deadline_settings_feed').on(t.feedTokenHash)],
)
