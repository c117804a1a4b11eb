import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { intimations } from '~/db/schema-intimations'

/**
 * A new OAB monitor's look-back (decisions/0100) finds the last 30 days: each becomes an
 * intimação with its deadline, but only one whose deadline is still open is announced (it asks
 * something of the lawyer now); one whose last day is past, or that asks nothing, is history,
 * marked announced without a word, so adding an OAB does not ring the bell for a month of
 * finished business. Run by the engine right after each look-back page is stored; only what was
 * made available before `before` (yesterday: the day's own lookups cover yesterday and today, and
 * what they find is news, announced as always).
 */
export async function quietHistory(
  db: Database,
  monitoringId: number,
  communicationIds: string[],
  { today, before }: { today: string; before: string },
  now = Date.now(),
): Promise<number> {
  let quieted = 0
  // Only the page's own communications: one imported meanwhile is no look-back's.
  for (let i = 0; i < communicationIds.length; i += 90)
    quieted += (
      await db
        .update(intimations)
        .set({ announcedAt: now })
        .where(
          and(
            eq(intimations.monitoringId, monitoringId),
            inArray(intimations.communicationId, communicationIds.slice(i, i + 90)),
            isNull(intimations.announcedAt),
            lt(intimations.availableOn, before),
            or(isNull(intimations.lastDay), lt(intimations.lastDay, today)),
          ),
        )
        .returning({ id: intimations.id })
    ).length
  return quieted
}
