import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { apiKeys } from '~/db/schema-accounts'
import { webhookOutbox, webhooks } from '~/db/schema-monitoring'
import { identityVerifications } from '~/db/schema-trust'

/**
 * Handing an unconfirmed account to the proven owner of its address (issue 38 item 2,
 * decisions/0019, 0092). Whoever registered it may not own the address: everything that signup
 * could have set to keep a foothold goes, in one D1 batch (all or nothing), and only while the
 * account is still unconfirmed, open and on that address (a racing request changes nothing):
 * - every session ends (`password_changed_at`), the signup's password and Google subject are
 *   replaced by the owner's (or cleared), a pending address change is dropped;
 * - outward delivery targets go: the webhook and its undelivered calls; API keys are revoked;
 * - an identity gov.br verified for whoever signed up is not the owner's: removed.
 * Monitorings, follows and the profile stay (the owner sees and edits them; the e-mail lists
 * what was removed).
 */
export type Removed = { webhook: boolean; apiKeys: number; identity: boolean }

export type NewOwnerCredentials = { passwordHash: string | null; googleSub: string | null }

export async function handOver(
  deps: { db: Database; now: () => Date },
  account: { id: number; email: string },
  owner: NewOwnerCredentials,
): Promise<Removed | null> {
  const { db } = deps
  const id = account.id
  const now = deps.now().getTime()
  const stillSquattable = sql`(SELECT count(*) FROM users WHERE id = ${id} AND email = ${account.email}
    AND email_confirmed_at IS NULL AND merged_into_id IS NULL) = 1`
  const [hook, keys, identity] = await Promise.all([
    db.select({ id: webhooks.userId }).from(webhooks).where(eq(webhooks.userId, id)),
    db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, id), isNull(apiKeys.revokedAt))),
    db
      .select({ id: identityVerifications.userId })
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, id)),
  ])
  // The account's row last: its WHERE is the same condition, and says whether the batch acted.
  const [, , , , claimed] = await db.batch([
    db
      .delete(webhookOutbox)
      .where(and(eq(webhookOutbox.userId, id), eq(webhookOutbox.state, 'pendente'), stillSquattable)),
    db.delete(webhooks).where(and(eq(webhooks.userId, id), stillSquattable)),
    db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, id), isNull(apiKeys.revokedAt), stillSquattable)),
    db.delete(identityVerifications).where(and(eq(identityVerifications.userId, id), stillSquattable)),
    db
      .update(users)
      .set({
        passwordHash: owner.passwordHash,
        googleSub: owner.googleSub,
        pendingEmail: null,
        passwordChangedAt: now,
        emailConfirmedAt: now,
      })
      .where(
        and(
          eq(users.id, id),
          eq(users.email, account.email),
          isNull(users.emailConfirmedAt),
          isNull(users.mergedIntoId),
        ),
      )
      .returning({ id: users.id }),
  ])
  if (!claimed.length) return null
  return { webhook: hook.length > 0, apiKeys: keys.length, identity: identity.length > 0 }
}

/** The owner, already in a confirmed account, keeps it; any other session of it ends. */
export async function endOtherSessions(deps: { db: Database; now: () => Date }, userId: number) {
  await deps.db.update(users).set({ passwordChangedAt: deps.now().getTime() }).where(eq(users.id, userId))
}
