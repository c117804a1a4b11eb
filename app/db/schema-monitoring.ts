import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './schema'

// Monitoring of lawsuits, names and terms (issue 16, decisions/0032). Timestamps in unix ms.

const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

/** What a user watches: a lawsuit by its CNJ number, or a name or term in new documents. */
export const monitorings = sqliteTable(
  'monitorings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['processo', 'nome', 'termo', 'oab'] }).notNull(),
    /** The name or term as typed, or the CNJ number formatted. */
    term: text('term').notNull(),
    /** 20 digits, lawsuits only: matched by equality, so a number not yet imported is watched too. */
    cnj: text('cnj'),
    /** The lawsuit was not in the corpus when this was created: its arrival is announced once. */
    awaitingLawsuit: integer('awaiting_lawsuit', { mode: 'boolean' }).notNull().default(false),
    mode: text('mode', { enum: ['exato', 'todas'] })
      .notNull()
      .default('exato'),
    uf: text('uf'),
    cityCode: integer('city_code'),
    /** A name's OAB filter as typed; for kind 'oab', the normalised key ("RJ94719", decisions/0103). */
    oab: text('oab'),
    taxId: text('tax_id'),
    coParty: text('co_party'),
    /** JSON array of 'diarios' | 'djen' | 'processos'. */
    sources: text('sources', { mode: 'json' }).$type<string[]>().notNull(),
    origin: text('origin'),
    createdAt: createdAt(),
  },
  (t) => [
    index('monitorings_user_created').on(t.userId, t.createdAt),
    // One monitoring per lawsuit per user: pressing the button twice opens the same one.
    uniqueIndex('monitorings_user_cnj').on(t.userId, t.cnj),
    index('monitorings_cnj').on(t.cnj),
    index('monitorings_kind').on(t.kind),
    // OAB monitorings (issue 41): a DJEN communication's lawyers are looked up by their key.
    index('monitorings_kind_oab').on(t.kind, t.oab),
  ],
)

/** "Não sou eu": a context (a lawsuit, a gazette's issuing body) this monitoring skips from now on. */
export const monitoringExclusions = sqliteTable(
  'monitoring_exclusions',
  {
    monitoringId: integer('monitoring_id')
      .notNull()
      .references(() => monitorings.id, { onDelete: 'cascade' }),
    contextKey: text('context_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.monitoringId, t.contextKey] })],
)

/** A document that matched a monitoring: once per monitoring and document, whatever re-runs. */
export const monitoringHits = sqliteTable(
  'monitoring_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    monitoringId: integer('monitoring_id')
      .notNull()
      .references(() => monitorings.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** 'materia' | 'movimento' | 'processo' and its id: the hit's identity. */
    documentKind: text('document_kind').notNull(),
    documentId: integer('document_id').notNull(),
    /** The lawsuit involved, if any: a lawsuit sealed later hides the hit. */
    lawsuitId: integer('lawsuit_id'),
    title: text('title').notNull(),
    url: text('url').notNull(),
    /** The document's own date (publication or movement), for display. */
    documentDate: text('document_date'),
    excerpt: text('excerpt', { mode: 'json' }).$type<{
      before: string
      match: string
      after: string
    } | null>(),
    reasons: text('reasons', { mode: 'json' }).$type<string[]>().notNull(),
    contextKey: text('context_key').notNull(),
    dismissedAt: integer('dismissed_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('monitoring_hits_unique').on(t.monitoringId, t.documentKind, t.documentId),
    index('monitoring_hits_monitoring_created').on(t.monitoringId, t.createdAt),
  ],
)

/** One webhook per user: hits are POSTed there as signed JSON (HMAC-SHA256). */
export const webhooks = sqliteTable('webhooks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
})

/** Every webhook attempt, kept for the user's delivery log. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hitId: integer('hit_id'),
    event: text('event').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    ok: integer('ok', { mode: 'boolean' }).notNull(),
    error: text('error'),
    ms: integer('ms'),
    /** The delivery this attempt belongs to (null for attempts logged before decisions/0051). */
    outboxId: integer('outbox_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_user_created').on(t.userId, t.createdAt),
    index('webhook_deliveries_outbox').on(t.outboxId),
  ],
)

export const WEBHOOK_STATES = ['pendente', 'enviando', 'entregue', 'falhou'] as const
export type WebhookState = (typeof WEBHOOK_STATES)[number]

/**
 * One delivery (decisions/0051): what is sent, under the id the receiver deduplicates on
 * (`X-Entrega`, the same on every attempt), its state and when it is tried next. A sender claims
 * it with one conditional UPDATE, so two racing senders never both send; `next_attempt_at` is
 * also the claim's lease while `enviando`, so a sender that died is retried.
 */
export const webhookOutbox = sqliteTable(
  'webhook_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveryKey: text('delivery_key').notNull(),
    event: text('event').notNull(),
    hitId: integer('hit_id'),
    /** The JSON body, fixed when the delivery is created: every attempt sends the same. */
    body: text('body').notNull(),
    state: text('state', { enum: WEBHOOK_STATES }).notNull().default('pendente'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'number' }),
    claim: text('claim'),
    statusCode: integer('status_code'),
    error: text('error'),
    ms: integer('ms'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'number' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    uniqueIndex('webhook_outbox_user_key').on(t.userId, t.deliveryKey),
    index('webhook_outbox_user').on(t.userId, t.id),
    index('webhook_outbox_due').on(t.state, t.nextAttemptAt),
  ],
)
