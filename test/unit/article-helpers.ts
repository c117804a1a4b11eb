import { eq, sql } from 'drizzle-orm'
import { users } from '~/db/schema'
import { deps } from './helpers'

/**
 * Lets a test account publish in a community (decisions/0049): a confirmed e-mail, and taking
 * part in the community (here the membership follow, as the profession's or course's members
 * have). Other tests' authors are made like this; test/unit/caps-network.test.ts tests the rule.
 */
export async function mayPublishIn(userId: number, communityId: number | number[]) {
  const db = deps().db
  await db.update(users).set({ emailConfirmedAt: Date.now() }).where(eq(users.id, userId))
  for (const id of Array.isArray(communityId) ? communityId : [communityId])
    await db.run(sql`INSERT INTO follows (user_id, kind, target_id, membership)
      VALUES (${userId}, 'comunidade', ${id}, 1)
      ON CONFLICT (user_id, kind, target_id) DO UPDATE SET membership = 1`)
}
