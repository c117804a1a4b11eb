import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { auditLog } from '~/db/schema-trust'

/**
 * The audit trail (decisions/0048): one row per decision a role (or the gov.br proof) takes, never
 * edited nor deleted (the table's triggers refuse it). Generic: a subject kind and id, so the
 * privacy work (removal requests) records its decisions in the same table.
 */
export type AuditEntry = {
  /** Who decided: a reviewer's user id, the claimant (gov.br proof), or null for the system. */
  actorId: number | null
  subjectKind: 'reivindicacao' | 'papel' | 'remocao' | 'suspensao'
  subjectId: number
  /**
   * What happened, in the product's words: 'aceitar', 'recusar', 'encerrar', 'suspender', … and for
   * removal requests 'receber', 'confirmar', 'desindexar', 'mascarar', 'recusar', 'apagar_documento'.
   */
  action: string
  reason?: string | null
  details?: Record<string, unknown>
}

/**
 * The actor's name as it is now, read by the insert itself: the row keeps who acted under the
 * name they had when they did (a later rename leaves the trail alone; issue 38 §5).
 */
const actorNameNow = (actorId: number | null) =>
  actorId === null ? sql`NULL` : sql`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${actorId})`

/** The insert for one entry, to run alone or inside the batch that makes the change. */
export const auditInsert = (db: Database, entry: AuditEntry) =>
  db.insert(auditLog).values({
    actorId: entry.actorId,
    actorName: actorNameNow(entry.actorId),
    subjectKind: entry.subjectKind,
    subjectId: entry.subjectId,
    action: entry.action,
    reason: entry.reason ?? null,
    details: entry.details ?? null,
  })

/**
 * The insert for one entry, written only if `condition` holds (its values in the columns' order
 * of app/db/schema-trust.ts, which drizzle lists): placed in a batch before the change
 * it records, under the same condition, so the row exists exactly when the change happened.
 */
export const auditInsertIf = (db: Database, entry: AuditEntry, condition: SQL) =>
  db
    .insert(auditLog)
    .select(
      sql`SELECT NULL, ${entry.actorId}, ${actorNameNow(entry.actorId)}, ${entry.subjectKind}, ${entry.subjectId}, ${entry.action}, ${entry.reason ?? null}, ${entry.details ? JSON.stringify(entry.details) : null}, cast(unixepoch('subsec') * 1000 as integer) WHERE ${condition}`,
    )

/**
 * The insert for one entry about the row the batch's previous statement inserted (its subject id
 * is that row's `last_insert_rowid()`): the change and its trail in one batch (issue 41).
 */
export const auditInsertForLastRow = (db: Database, entry: Omit<AuditEntry, 'subjectId'>) =>
  db
    .insert(auditLog)
    .select(
      sql`SELECT NULL, ${entry.actorId}, ${actorNameNow(entry.actorId)}, ${entry.subjectKind}, last_insert_rowid(), ${entry.action}, ${entry.reason ?? null}, ${entry.details ? JSON.stringify(entry.details) : null}, cast(unixepoch('subsec') * 1000 as integer)`,
    )
