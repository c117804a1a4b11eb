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
