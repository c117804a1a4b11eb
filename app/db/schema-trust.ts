import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  PAGE_KINDS,
  REMOVAL_RELATIONS,
  REMOVAL_RIGHTS,
  REMOVAL_STATUSES,
  type RemovalRight,
  type RequestedPage,
} from '~/schemas/removal-constants'
import { users } from './schema'

// Who is who (issue 27, decisions/0047 and 0048): verified identities, roles beyond "user", and
// the append-only audit trail of the decisions those roles take. Timestamps in unix ms.

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`

/**
 * An identity a government provider verified for the account (gov.br: `sub` is the CPF). One per
 * account, one account per CPF; deleted with the account. The CPF is never shown in full.
 */
export const identityVerifications = sqliteTable(
  'identity_verifications',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['govbr'] }).notNull(),
    /** 11 digits. */
    cpf: text('cpf').notNull(),
    name: text('name').notNull(),
    verifiedAt: integer('verified_at', { mode: 'number' }).notNull().default(now),
  },
  (t) => [uniqueIndex('identity_verifications_cpf').on(t.cpf)],
)

export const ROLES = ['revisor'] as const
export type Role = (typeof ROLES)[number]

/** Granted by `npm run role` only (no self-service); the SQL CHECK lists the known roles. */
export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    grantedAt: integer('granted_at', { mode: 'number' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
)

/**
 * Every decision a role takes: who (actor, no foreign key: the row outlives the account), on
 * what (subject kind + id), what and why. Triggers refuse UPDATE and DELETE (migration 0022).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id'),
    /** The actor's name when they acted (a later rename leaves the trail as it was; 0091). */
    actorName: text('actor_name'),
    subjectKind: text('subject_kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    action: text('action').notNull(),
    reason: text('reason'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: integer('created_at', { mode: 'number' }).notNull().default(now),
  },
  (t) => [index('audit_log_subject').on(t.subjectKind, t.subjectId)],
)

// Removal and de-indexing on request (issue 30, decisions/0066 and 0067, migration 0029).

export type {
  PageKind,
  RemovalRelation,
  RemovalRight,
  RemovalStatus,
  RequestedPage,
} from '~/schemas/removal-constants'
export { PAGE_KINDS, REMOVAL_RELATIONS, REMOVAL_RIGHTS, REMOVAL_STATUSES }

export const removalRequests = sqliteTable(
  'removal_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** SHA-256 of the private status address's token: the token itself is never stored. */
    statusHash: text('status_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    relation: text('relation', { enum: REMOVAL_RELATIONS }).notNull(),
    rights: text('rights', { mode: 'json' }).$type<RemovalRight[]>().notNull(),
    reason: text('reason').notNull(),
    pages: text('pages', { mode: 'json' }).$type<RequestedPage[]>().notNull(),
    /** The identity document in the PRIVATE_FILES bucket; null once deleted after the decision. */
    documentKey: text('document_key'),
    documentType: text('document_type'),
    status: text('status', { enum: REMOVAL_STATUSES }).notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull().default(now),
    /** When the e-mail was confirmed: the LGPD art. 19 deadline (15 days) counts from here. */
    confirmedAt: integer('confirmed_at', { mode: 'number' }),
    decidedAt: integer('decided_at', { mode: 'number' }),
    decidedBy: integer('decided_by'),
    decisionReason: text('decision_reason'),
    /** When a "mask names" decision's stored masking ran; null while it is owed (decisions/0071). */
    maskedAt: integer('masked_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('removal_requests_status_hash').on(t.statusHash),
    index('removal_requests_queue').on(t.status, t.confirmedAt),
  ],
)

/**
 * What a decision did to a page, apart from the corpus rows (a re-import never undoes it):
 * 'desindexar' takes it out of search, suggestions and sitemaps (the address still answers, with
 * noindex); 'mascarar' shows natural persons' names as initials.
 */
export const hiddenPages = sqliteTable(
  'hidden_pages',
  {
    kind: text('kind', { enum: PAGE_KINDS }).notNull(),
    refId: integer('ref_id').notNull(),
    effect: text('effect', { enum: ['desindexar', 'mascarar'] }).notNull(),
    requestId: integer('request_id').notNull(),
    createdAt: integer('created_at', { mode: 'number' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId, t.effect] })],
)
