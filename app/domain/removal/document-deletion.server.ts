import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { removalRequests } from '~/db/schema-trust'
import { auditInsertIf } from '~/domain/trust/audit.server'
import { t } from '~/i18n/pt-BR'

// The identity document of a removal request has no purpose once the request is decided
// (decisions/0066). Its deletion is owed until it happens (decisions/0071): a decided request
// whose `document_key` is still set is the pending-deletion record, and the cron sweeps it.

type Deps = { db: Database; privateFiles: R2Bucket }

/** The statuses of a decided request: its document must go. */
const DECIDED = ['desindexada', 'mascarada', 'recusada'] as const

/**
 * Deletes one request's document and records it, once: the key is cleared and the audit row
 * written only if the row still holds that key, so a decision and a sweep racing on the same
 * document leave one `apagar_documento`. Deleting a key R2 no longer has succeeds, so a retry
 * after a half-done attempt (deleted, not yet recorded) just records it.
 */
export async function deleteRequestDocument(deps: Deps, id: number, key: string, actorId: number | null) {
  await deps.privateFiles.delete(key)
  const stillHeld = sql`EXISTS (SELECT 1 FROM removal_requests WHERE id = ${id} AND document_key = ${key})`
  await deps.db.batch([
    auditInsertIf(
      deps.db,
      {
        actorId,
        subjectKind: 'remocao',
        subjectId: id,
        action: 'apagar_documento',
        reason: t('removal.audit.documentDeleted'),
      },
      stillHeld,
    ),
    deps.db
      .update(removalRequests)
      .set({ documentKey: null })
      .where(and(eq(removalRequests.id, id), eq(removalRequests.documentKey, key))),
  ])
}

/**
 * The cron's sweep: every decided request still holding a document, a few per tick. A failure
 * is logged and left for the next tick; the others go on. Answers how many were deleted.
 */
export async function retryDocumentDeletions(deps: Deps, limit = 50): Promise<number> {
  const rows = await deps.db
    .select({ id: removalRequests.id, key: removalRequests.documentKey, by: removalRequests.decidedBy })
    .from(removalRequests)
    .where(and(inArray(removalRequests.status, [...DECIDED]), isNotNull(removalRequests.documentKey)))
    .limit(limit)
  let deleted = 0
  for (const row of rows) {
    if (!row.key) continue
    try {
      await deleteRequestDocument(deps, row.id, row.key, row.by)
      deleted++
    } catch (error) {
      console.error(JSON.stringify({ removalRequest: row.id, documentDeleteRetry: String(error) }))
    }
  }
  return deleted
}
