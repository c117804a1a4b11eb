import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

// Deadlines (issue 41, decisions/0102): the suspensions a court declares ("expediente suspenso",
// prazos suspensos), added by reviewers with their source; each addition is in the audit trail.

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`

export const courtSuspensions = sqliteTable(
  'court_suspensions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** the court's sigla as the DJEN writes it, without punctuation (TJSP, TRF3, TRESP) */
    court: text('court').notNull(),
    /** first and last day, yyyy-mm-dd, both suspended */
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    reason: text('reason').notNull(),
    /** the act that declared it (portaria, ato, comunicado) and where it was read */
    source: text('source').notNull(),
    /** the reviewer (no foreign key: the row outlives the account, like the audit trail) */
    createdBy: integer('created_by'),
    createdAt: integer('created_at', { mode: 'number' }).notNull().default(now),
  },
  (t) => [index('court_suspensions_court').on(t.court, t.fromDay)],
)
