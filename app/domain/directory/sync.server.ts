import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import { membershipSync } from '~/domain/follows/membership.server'
import { listingRefresh } from './listings.server'

/**
 * After anything a profile shows changed (signup, profession or course, lists, photo, about,
 * confirmed e-mail): the community membership, then the directory listings, which read it.
 * Statements for the caller's batch, so the change and its consequences are one transaction.
 */
export function networkSync(db: Database, userId: number): BatchItem<'sqlite'>[] {
  return [...membershipSync(db, userId), ...listingRefresh(db, userId)]
}

export async function syncNetwork(deps: { db: Database }, userId: number): Promise<void> {
  const [first, ...rest] = networkSync(deps.db, userId)
  if (first) await deps.db.batch([first, ...rest])
}
