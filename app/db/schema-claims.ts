import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './schema'

// "Este sou eu" (issue 17, decisions/0034; issue 27, decisions/0047): a user claims the public
// person page that is them. Timestamps in unix ms.

/** What the documents showed when the claim was made; never about a secret lawsuit. */
export type ClaimMatch = {
  /** The account's name and the person's are the same words (accents and case ignored). */
  name: boolean
  /** Where the evidence was found in public documents, or null. */
  document:
    | { source: 'processo'; cnj: string; lawyer: string; oab: string }
    | { source: 'diario'; articleId: number; title: string; masked?: boolean }
    | null
  /** A gov.br-verified identity, when the claim used one: does its name and CPF fit the person? */
  identity?: { name: boolean; cpf: boolean; masked: boolean }
}

/**
 * 'aceita': proven (gov.br) or accepted by a reviewer. 'em_analise': waits for a reviewer (30 days
 * at most). 'suspensa': accepted, but the account was renamed since. 'recusada' / 'encerrada':
 * refused by a reviewer, or closed because another claim of the page was accepted.
 */
export const CLAIM_STATUSES = ['aceita', 'em_analise', 'suspensa', 'recusada', 'encerrada'] as const
export type ClaimStatus = (typeof CLAIM_STATUSES)[number]

export const personClaims = sqliteTable(
  'person_claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    // In the `entidades` shard, not here: no foreign key across databases (migration 0033).
    personId: integer('person_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CLAIM_STATUSES }).notNull(),
    evidenceKind: text('evidence_kind', { enum: ['oab', 'cpf', 'govbr'] }).notNull(),
    /**
     * As given: OAB digits + '/' + UF, or the CPF's 11 digits; for gov.br the masked CPF only
     * (the full one stays in identity_verifications). Never shown publicly.
     */
    evidenceValue: text('evidence_value').notNull(),
    matched: text('matched', { mode: 'json' }).$type<ClaimMatch>().notNull(),
    createdAt: integer('created_at', { mode: 'number' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    decidedAt: integer('decided_at', { mode: 'number' }),
    /** Why a reviewer refused, or why the claim was closed or suspended. */
    reason: text('reason'),
    /** The reviewer who decided; null when decided by the gov.br proof or by the system. */
    decidedBy: integer('decided_by'),
  },
  // One holder per page (accepted or suspended); pending claims never block one another. One live
  // claim per account. Refused and closed rows stay as history.
  (t) => [
    uniqueIndex('person_claims_holder').on(t.personId).where(sql`status IN ('aceita', 'suspensa')`),
    uniqueIndex('person_claims_user').on(t.userId).where(sql`status IN ('aceita', 'suspensa', 'em_analise')`),
    index('person_claims_queue').on(t.status, t.createdAt),
  ],
)
