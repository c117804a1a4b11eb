import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
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

export const REMOVAL_RELATIONS = ['titular', 'representante', 'advogado', 'outro'] as const
export type RemovalRelation = (typeof REMOVAL_RELATIONS)[number]
/** LGPD art. 18 rights a requester may invoke (incisos IV, VI, IX and the objection of § 2º). */
export const REMOVAL_RIGHTS = ['anonimizacao', 'eliminacao', 'oposicao', 'revogacao'] as const
export type RemovalRight = (typeof REMOVAL_RIGHTS)[number]
export const REMOVAL_STATUSES = [
  'aguardando_email',
  'em_analise',
  'desindexada',
  'mascarada',
  'recusada',
] as const
export type RemovalStatus = (typeof REMOVAL_STATUSES)[number]
export const PAGE_KINDS = ['pessoa', 'empresa', 'processo', 'materia', 'decisao', 'lei'] as const
export type PageKind = (typeof PAGE_KINDS)[number]
/** A page a request names: its address as shown, and the corpus row behind it. */
export type RequestedPage = { path: string; kind: PageKind; refId: number; title: string }

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
