import { asc, eq, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { suggestionNames, users } from '~/db/schema'
import { type Changes, nameRow } from './entities.server'

export type Member = { id: number; name: string }

/**
 * Registered members, alphabetical. An account merged into another is closed: its name is never
 * suggested (decisions/0033). Read in full every run, as before (decisions/0013).
 */
export function listMembers(db: Database): Promise<Member[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(isNull(users.mergedIntoId))
    .orderBy(asc(users.name))
}

/**
 * Keeps the members' `member` rows of `suggestion_names` equal to `members`, for the D1 lookup of
 * longer input (decisions/0057). KV lists read members directly, so nothing is marked dirty.
 */
export async function refreshMemberNames(db: Database, members: Member[], changes: Changes): Promise<void> {
  const stored = await db.select().from(suggestionNames).where(eq(suggestionNames.source, 'member'))
  const left = new Map(stored.map((row) => [row.entityId, row]))
  for (const member of members) {
    const wanted = nameRow('member', member.id, member.name, 0)
    if (!wanted) continue // too short to suggest: its old row, if any, is deleted below
    const old = left.get(member.id)
    left.delete(member.id)
    if (old?.name !== wanted.name) changes.upserts.set(`member:${member.id}`, wanted)
  }
  changes.deletes.push(...left.values())
}
