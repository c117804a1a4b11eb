import { sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'

/** Community `c` is tied to user `u`'s profession (professionals) or course (students). */
const TIED = `(c.kind = 'profissao' AND c.occupation_code = u.occupation_code)
    OR (c.kind = 'curso' AND u.kind = 'estudante' AND c.course = u.course)`

const TIED_COMMUNITY = (userId: number) =>
  `SELECT c.id FROM communities c JOIN users u ON u.id = ${userId} WHERE ${TIED}`

/**
 * Keeps a user a member of exactly the community of their profession or course (decisions/0023):
 * the old membership is released (its follow ends) and the new one is followed and locked. As
 * statements for the caller's batch, after the write that changed the profession or course.
 */
export function membershipSync(db: Database, userId: number): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  // Drizzle's D1 batch only runs raw SQL without bound parameters: the id is inlined, checked first.
  if (!Number.isSafeInteger(userId)) throw new Error(`user id ${userId}`)
  return [
    db.run(
      sql.raw(`DELETE FROM follows
      WHERE user_id = ${userId} AND kind = 'comunidade' AND membership = 1
        AND target_id NOT IN (${TIED_COMMUNITY(userId)})`),
    ),
    db.run(
      sql.raw(`INSERT INTO follows (user_id, kind, target_id, membership)
      SELECT ${userId}, 'comunidade', t.id, 1 FROM (${TIED_COMMUNITY(userId)}) t WHERE true
      ON CONFLICT (user_id, kind, target_id) DO UPDATE SET membership = 1`),
    ),
  ]
}

/** Every user's membership at once (the seed, after writing users straight to the database). */
export const MEMBERSHIP_BACKFILL_SQL = `INSERT OR IGNORE INTO follows (user_id, kind, target_id, membership)
  SELECT u.id, 'comunidade', c.id, 1 FROM users u JOIN communities c ON ${TIED};`
