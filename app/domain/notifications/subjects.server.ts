import { and, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { notifications } from '~/db/schema'
import { publicLawsuitIds } from '~/domain/corpus/read/lawsuits.server'
import type { Corpus } from '~/domain/corpus/shards.server'

/** Things a notification can be about that may disappear or become secret. */
export const SUBJECT_KINDS = ['artigo', 'processo'] as const

/**
 * Reads never show a notification about an article that was removed or a lawsuit that became
 * secret, even before its rows are cleaned up (the fan-out may race a deletion). Lawsuits live in
 * the corpus's databases (decisions/0072; one database is a one-entry map, read the same way):
 * the primary cannot join them, so the lawsuits these rows (`mine`) are about are asked in their
 * shards first, and the ones not public (sealed, or gone) are excluded by id. `IS`, not `=`: a
 * notification about nothing in particular (NULL) must stay visible.
 */
export async function visibleSubjectOf(deps: { db: Database; corpus: Corpus }, mine: SQL): Promise<SQL> {
  const about = await deps.db
    .selectDistinct({ id: notifications.subjectId })
    .from(notifications)
    .where(and(mine, sql`${notifications.subjectKind} = 'processo'`))
  const ids = about.flatMap((row) => (row.id ? [row.id] : []))
  const shown = new Set(ids.length ? await publicLawsuitIds(deps.corpus, ids) : [])
  const hidden = JSON.stringify(ids.filter((id) => !shown.has(id)))
  return sql`NOT (
  (${notifications.subjectKind} IS 'artigo'
    AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = ${notifications.subjectId}))
  OR (${notifications.subjectKind} IS 'processo'
    AND ${notifications.subjectId} IN (SELECT value FROM json_each(${hidden})))
)`
}
