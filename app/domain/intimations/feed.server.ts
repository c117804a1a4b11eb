import { and, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { intimations } from '~/db/schema-intimations'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatCnj } from '~/lib/cnj'
import { formatDate } from '~/lib/format'
import { storedDeadline } from './deadline'
import { calendar } from './icalendar'
import { actOf } from './words'

/** Far more deadlines than a practice keeps open; the oldest past ones go first past it. */
const FEED_LIMIT = 3000

/**
 * The private iCalendar feed (issue 41 §3): one all-day event per deadline on its last day, the
 * CNJ number (NNNNNNN-DD.AAAA.J.TR.OOOO) and the act in its summary. Past deadlines stay; a
 * withdrawn one (cancelled communication: no last day) leaves. UIDs are the intimação's, stable
 * across corrections, so a calendar moves the event instead of adding another.
 */
export async function deadlineFeed(deps: { db: Database; origin: string }, userId: number): Promise<string> {
  const rows = await deps.db
    .select()
    .from(intimations)
    .where(and(eq(intimations.userId, userId), isNotNull(intimations.lastDay)))
    .orderBy(intimations.lastDay, intimations.id)
    .limit(FEED_LIMIT)
  const host = new URL(deps.origin).hostname
  return calendar(
    t('deadlines.feedName'),
    rows.map((row) => {
      const numero = formatCnj(row.lawsuitCnj)
      const deadline = storedDeadline(row.deadline)
      const act = actOf(row)
      const summary = t(row.fulfilledAt ? 'deadlines.event.summaryDone' : 'deadlines.event.summary', {
        ato: act,
        numero,
        tribunal: row.court,
      })
      const description = [
        t('deadlines.event.lawsuit', { numero, tribunal: row.court }),
        t('deadlines.event.act', { ato: act }),
        t('deadlines.event.available', { data: formatDate(row.availableOn) }),
        ...(deadline
          ? [
              plural(
                deadline.days,
                t('deadlines.event.days.one', {
                  dias: deadline.days,
                  contagem: t(
                    deadline.counting === 'uteis'
                      ? 'deadlines.counting.uteis'
                      : 'deadlines.counting.corridos',
                  ),
                }),
                t('deadlines.event.days.many', {
                  dias: deadline.days,
                  contagem: t(
                    deadline.counting === 'uteis'
                      ? 'deadlines.counting.uteis'
                      : 'deadlines.counting.corridos',
                  ),
                }),
              ),
            ]
          : []),
        ...(deadline?.corrected ? [t('deadlines.event.corrected')] : []),
        ...(row.movedFrom ? [t('deadlines.event.moved', { data: formatDate(row.movedFrom) })] : []),
        t('deadlines.aid'),
        `${deps.origin}/intimacoes#intimacao-${row.id}`,
      ].join('\n')
      return {
        uid: `intimacao-${row.id}@${host}`,
        day: row.lastDay ?? '',
        summary,
        description,
        url: `${deps.origin}/intimacoes#intimacao-${row.id}`,
        stamp: new Date(row.updatedAt),
        sequence: row.revision,
      }
    }),
  )
}
