import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

// Timestamps are unix milliseconds (integer): sortable, compact, and what JS Date uses.
const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

/** Registered users. `subdomain` is the username and the profile's host name. */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subdomain: text('subdomain').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** 'profissional' | 'estudante' */
    kind: text('kind', { enum: ['profissional', 'estudante'] }).notNull(),
    /** Profession or course title as shown on the profile (normalised by the accounts issue). */
    headline: text('headline').notNull(),
    city: text('city'),
    uf: text('uf'),
    about: text('about'),
    photoKey: text('photo_key'),
    /** PHC-style string `pbkdf2-sha256$<iterations>$<salt>$<hash>`; null for social-only accounts. */
    passwordHash: text('password_hash'),
    /** Bumped on every password change: reset links and other sessions signed before it stop working. */
    passwordChangedAt: integer('password_changed_at', { mode: 'number' }),
    /** yyyy-mm-dd; optional. */
    birthDate: text('birth_date'),
    emailConfirmedAt: integer('email_confirmed_at', { mode: 'number' }),
    /** A new address asked for in the profile: it replaces `email` only once its link is followed. */
    pendingEmail: text('pending_email'),
    /** CBO code of the profession; null for students and for 'Outra' (then `headline` holds the text). */
    occupationCode: text('occupation_code'),
    /** Students: the course (from the course list) and the institution. */
    course: text('course'),
    institutionId: integer('institution_id'),
    /** IBGE code of the user's city; `city`/`uf` keep its display form. */
    cityCode: integer('city_code'),
    /** OpenID Connect subject of a linked Google account. */
    googleSub: text('google_sub'),
    /**
     * Set when this account was merged into another (decisions/0033): it is closed, its subdomain
     * answers a 301 to the survivor's profile and its (confirmed) e-mail logs in to the survivor.
     * Triggers refuse pointing at the row itself or at a closed account (decisions/0046).
     */
    mergedIntoId: integer('merged_into_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_subdomain_unique').on(table.subdomain),
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_google_sub_unique').on(table.googleSub),
  ],
)

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    /** Queue delivery is at-least-once: the producer's key makes a redelivery a no-op. */
    dedupeKey: text('dedupe_key').notNull(),
    /**
     * What the notification is about ('artigo' 12, 'processo' 34…): removing or sealing it removes
     * its notifications, and reads skip any whose subject is gone or secret (decisions/0029).
     */
    subjectKind: text('subject_kind'),
    subjectId: integer('subject_id'),
    createdAt: createdAt(),
    viewedAt: integer('viewed_at', { mode: 'number' }),
    readAt: integer('read_at', { mode: 'number' }),
    /** When it went out by e-mail (at once or in a daily digest); null: not (yet) e-mailed. */
    emailedAt: integer('emailed_at', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('notifications_dedupe_unique').on(table.dedupeKey),
    index('notifications_user_created').on(table.userId, table.createdAt),
    // The badge and the "não lidas" filter read only what is still unseen or unread: partial
    // indexes keep both cheap for someone with a hundred thousand old notifications.
    index('notifications_user_unseen').on(table.userId).where(sql`viewed_at IS NULL`),
    index('notifications_user_unread').on(table.userId, table.createdAt).where(sql`read_at IS NULL`),
    index('notifications_subject').on(table.subjectKind, table.subjectId),
    // The daily digest walks the users with something neither read nor e-mailed yet, by user id.
    index('notifications_digest')
      .on(table.userId, table.createdAt)
      .where(sql`emailed_at IS NULL AND read_at IS NULL`),
  ],
)

/** How each group of notifications reaches a user by e-mail; no row means the group's default. */
export const notificationPreferences = sqliteTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text('kind_group').notNull(),
    mode: text('mode', { enum: ['nunca', 'imediato', 'diario'] }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.group] })],
)

/** Messages that exhausted their retries and reached a dead-letter queue, kept for inspection. */
export const failedJobs = sqliteTable(
  'failed_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    queue: text('queue').notNull(),
    messageId: text('message_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('failed_jobs_message_unique').on(table.messageId)],
)

/**
 * Every account merge, kept: who survived, who was closed, and what moved (decisions/0033). The
 * ticket's id is unique (a ticket is used once) and nobody survives their own merge; `users` gets
 * the same rule from triggers (decisions/0046).
 */
export const accountMerges = sqliteTable(
  'account_merges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    survivorId: integer('survivor_id').notNull(),
    closedId: integer('closed_id').notNull(),
    /** The merge ticket's `jti`; null on merges made before tickets had one. */
    ticketId: text('ticket_id'),
    summary: text('summary', { mode: 'json' }).$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('account_merges_ticket').on(table.ticketId),
    check('account_merges_not_self', sql`${table.survivorId} <> ${table.closedId}`),
  ],
)

/** One row per completed background job window (cron, monitoring sweeps): the checkpoint. */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    job: text('job').notNull(),
    /** Identifies the window the run covered; the same window never runs twice. */
    windowKey: text('window_key').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('job_runs_job_window_unique').on(table.job, table.windowKey)],
)

export type User = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert
export type Notification = typeof notifications.$inferSelect

/** Share clicks per page and network, counted by the product itself (spec §1). */
export const shareCounts = sqliteTable(
  'share_counts',
  {
    url: text('url').notNull(),
    network: text('network').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.url, table.network] })],
)

/**
 * Popular searches, counted anonymously: the normalised term, how it was typed, how often and
 * the last day. Deliberately no user, session, address or time finer than a day (decisions/0013).
 */
export const searchTerms = sqliteTable(
  'search_terms',
  {
    /** `normalizeForMatch` of the display form: the key searches are counted under. */
    term: text('term').primaryKey(),
    /** The first way it was typed (tidied), shown as the suggestion. */
    display: text('display').notNull(),
    count: integer('count').notNull().default(0),
    /** UTC day, yyyy-mm-dd. */
    lastSeen: text('last_seen').notNull(),
  },
  (table) => [
    // The most searched first is a backwards scan that stops at the read limit.
    index('search_terms_count').on(table.count, table.term),
    index('search_terms_last_seen').on(table.lastSeen),
  ],
)

/**
 * Entity names as search suggestions with their weight (how often the entity appears), one row
 * per name of an entity. Kept up to date a slice of ids per cron run (decisions/0013, 0057).
 */
export const suggestionNames = sqliteTable(
  'suggestion_names',
  {
    /** `member` rows (entity_id = user id) serve the D1 lookup only; KV lists read members directly. */
    source: text('source', { enum: ['person', 'company', 'trade_name', 'member'] }).notNull(),
    entityId: integer('entity_id').notNull(),
    name: text('name').notNull(),
    /** The normalised name: longer input is a range read on it (decisions/0057). */
    norm: text('norm').notNull().default(''),
    /** First 3, 4 and 5 characters of the normalised name: the KV lists the name is in. */
    prefix: text('prefix').notNull(),
    prefix4: text('prefix4'),
    prefix5: text('prefix5'),
    weight: integer('weight').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.entityId] }),
    // The best names of a prefix are a backwards scan; `name` makes ties deterministic.
    index('suggestion_names_prefix_weight').on(table.prefix, table.weight, table.name),
    index('suggestion_names_prefix4_weight').on(table.prefix4, table.weight, table.name),
    index('suggestion_names_prefix5_weight').on(table.prefix5, table.weight, table.name),
    index('suggestion_names_norm').on(table.norm),
  ],
)

/** Where the sweep over each entity kind's ids stopped: the next run continues after it. */
export const suggestionCursors = sqliteTable('suggestion_cursors', {
  kind: text('kind', { enum: ['person', 'company'] }).primaryKey(),
  lastId: integer('last_id').notNull(),
})

/** Prefixes whose entity names changed and whose KV list is not yet rewritten. */
export const suggestionDirtyPrefixes = sqliteTable('suggestion_dirty_prefixes', {
  prefix: text('prefix').primaryKey(),
})

/**
 * Names a masking hid (decisions/0089), as a hash of their normalised words (particles left out):
 * a search term holding one is never counted nor suggested again. Only the hash is kept, so this
 * table is no readable list of the people masked.
 */
export const suppressedTerms = sqliteTable('suppressed_terms', {
  hash: text('hash').primaryKey(),
})

/**
 * The words of each search index (an FTS table's name in `source`) and how many documents hold
 * them, for "Você quis dizer…" (decisions/0042). fts5vocab counts a term's postings on every
 * read; this copy is refreshed a bucket (index × two-letter prefix) at a time by the cron.
 */
export const spellingTerms = sqliteTable(
  'spelling_terms',
  {
    source: text('source').notNull(),
    term: text('term').notNull(),
    docs: integer('docs').notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.term] })],
)

/**
 * The commonest words of each search index with how many of its rows hold them, as FTS5 counted
 * them for one state of the index (`structure`: hex of its structure record, which every write
 * changes). A word in at least half the rows has FTS5's clamped IDF, so a ranked search can score
 * it without walking its posting list, and only while the index is still in that state
 * (decisions/0110). One database's own index: each corpus database keeps its own rows.
 */
export const commonTerms = sqliteTable(
  'common_terms',
  {
    source: text('source').notNull(),
    term: text('term').notNull(),
    docs: integer('docs').notNull(),
    /** The index's rows and tokens (all columns) in that state: bm25's N and average length. */
    rows: integer('rows').notNull(),
    tokens: integer('tokens').notNull(),
    structure: text('structure').notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.term] })],
)

/** Where the spelling sweep stopped: the next cron run refreshes the buckets after it. */
export const spellingSweep = sqliteTable('spelling_sweep', {
  /** Always 1: one sweep. */
  id: integer('id').primaryKey(),
  position: integer('position').notNull(),
})
