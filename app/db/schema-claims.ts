import { sql } from 'drizzle-orm'
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './schema'
import { people } from './schema-corpus'

// "Este sou eu" (issue 17, decisions/0034): a user claims the public person page that is them.
// Timestamps in unix ms.

/** What the documents showed when the claim was made; never about a secret lawsuit. */
export type ClaimMatch = {
  /** The account's name and the person's are the same words (accents and case ignored). */
  name: boolean
  /** Where the evidence was found in public documents, or null. */
  document:
    | { source: 'processo'; cnj: string; lawyer: string; oab: string }
    | { source: 'diario'; articleId: number; title: string }
    | null
}

export const personClaims = sqliteTable(
  'person_claims',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'aceita' when the documents confirmed it; 'em_analise' waits for a person's review. */
    status: text('status', { enum: ['aceita', 'em_analise'] }).notNull(),
    evidenceKind: text('evidence_kind', { enum: ['oab', 'cpf'] }).notNull(),
    /** As given: OAB digits + '/' + UF, or the CPF's 11 digits. Never shown publicly. */
    evidenceValue: text('evidence_value').notNull(),
    matched: text('matched', { mode: 'json' }).$type<ClaimMatch>().notNull(),
    createdAt: integer('created_at', { mode: 'number' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    decidedAt: integer('decided_at', { mode: 'number' }),
  },
  // A claim is live while its row exists (undo deletes it): one per page, one per account.
  (t) => [uniqueIndex('person_claims_person').on(t.personId), uniqueIndex('person_claims_user').on(t.userId)],
)
