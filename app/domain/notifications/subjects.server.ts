import { sql } from 'drizzle-orm'
import { notifications } from '~/db/schema'

/** Things a notification can be about that may disappear or become secret. */
export const SUBJECT_KINDS = ['artigo', 'processo'] as const

/**
 * Reads never show a notification about an article that was removed or a lawsuit that became
 * secret, even before its rows are cleaned up (the fan-out may race a deletion). `IS`, not `=`:
 * a notification about nothing in particular (NULL) must stay visible.
 */
export const visibleSubject = sql`NOT (
  (${notifications.subjectKind} IS 'artigo'
    AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.id = ${notifications.subjectId}))
  OR (${notifications.subjectKind} IS 'processo'
    AND NOT EXISTS (SELECT 1 FROM lawsuits l WHERE l.id = ${notifications.subjectId} AND l.secrecy_level = 0))
)`
