import { and, asc, desc, gt, gte, inArray, isNull, type SQL } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { notifications } from '~/db/schema'
import { jobWindowDone, recordJobWindow } from '~/domain/jobs/jobs.server'
import { mailRecipients } from '~/domain/users/users.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { type EmailPreferences, getEmailPreferencesOf, groupOf } from './email-preferences.server'
import { composeMail, type MailDeps, markEmailed } from './emails.server'
import { type DigestPageMessage, digestPageMessage } from './notifications-messages'
import { visibleSubjectOf } from './subjects.server'

/** People per queue message, notifications per digest e-mail, and how far back a digest looks. */
const DIGEST_PAGE = 50
const DIGEST_ITEMS = 20
const DIGEST_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000
const PLAN_JOB = 'digest-plan'
const PAGE_JOB = 'digest-page'

/** Brasília's hour (no daylight saving since 2019): the digest goes out from 08:00 on. */
export const DIGEST_HOUR = 8
export function digestDue(now: Date): { due: boolean; day: string } {
  const local = new Date(now.getTime() - 3 * 60 * 60 * 1000)
  return { due: local.getUTCHours() >= DIGEST_HOUR, day: local.toISOString().slice(0, 10) }
}

const pageMessage = (day: string, after: number): DigestPageMessage =>
  digestPageMessage.parse({ type: 'digest-page', day, after, dedupeKey: `resumo:${day}:${after}` })

type Totals = { users: number; emails: number; items: number }

const pendingSince = (since: number) =>
  and(isNull(notifications.emailedAt), isNull(notifications.readAt), gte(notifications.createdAt, since))

/**
 * Cron side: from 08:00 in Brasília, the first tick of the day starts the digest by sending its
 * first page to the queue; the tick itself does no mailing, so it stays short however many people
 * wait. The day is recorded only AFTER the send succeeded (decisions/0053): a tick that dies in
 * between (killed, out of time, the queue down) leaves the day open and the next tick starts it.
 * A repeated tick after the record starts nothing; two racing ticks may both send the first page,
 * which the pages absorb (each is recorded once done, and each person's rows are marked e-mailed).
 */
export async function planDailyDigest(
  deps: { db: Database; notificationsQueue: Queue },
  scheduledTime: number,
): Promise<boolean> {
  const { due, day } = digestDue(new Date(scheduledTime))
  if (!due) return false
  if (await jobWindowDone(deps, PLAN_JOB, day)) return false
  await deps.notificationsQueue.send(pageMessage(day, 0), { contentType: 'json' })
  await recordJobWindow(deps, PLAN_JOB, day, { at: scheduledTime })
  return true
}

/**
 * Queue side: one page of people, then the next page onto the queue. A page is recorded once
 * done, so a redelivered message does not walk it (or start a second chain) again; a page that
 * fails is retried whole, and the rows it already marked are not sent twice.
 */
export async function runDigestPage(
  deps: MailDeps & { notificationsQueue: Queue },
  message: DigestPageMessage,
): Promise<Totals & { ran: boolean }> {
  const key = `${message.day}:${message.after}`
  if (await jobWindowDone(deps, PAGE_JOB, key)) return { ran: false, users: 0, emails: 0, items: 0 }
  const { next, ...totals } = await digestPeopleAfter(deps, message.after, DIGEST_PAGE)
  if (next !== null)
    await deps.notificationsQueue.send(pageMessage(message.day, next), { contentType: 'json' })
  await recordJobWindow(deps, PAGE_JOB, key, totals)
  return { ran: true, ...totals }
}

/** The whole digest in one call (tests and small installations); the cron uses the queue pages. */
export async function runDailyDigest(deps: MailDeps): Promise<Totals> {
  const totals: Totals = { users: 0, emails: 0, items: 0 }
  let after: number | null = 0
  while (after !== null) {
    const page = await digestPeopleAfter(deps, after, DIGEST_PAGE)
    totals.users += page.users
    totals.emails += page.emails
    totals.items += page.items
    after = page.next
  }
  return totals
}

/** One person's digest now, whatever the hour (the development route's "send me mine"). */
export async function runDigestFor(deps: MailDeps, userId: number): Promise<Totals> {
  return digestPeople(deps, [userId])
}

/**
 * The people with notifications neither read nor e-mailed (last 7 days) after `after`, by id:
 * their digests, and where the next page starts (null at the end).
 */
async function digestPeopleAfter(
  deps: MailDeps,
  after: number,
  limit: number,
): Promise<Totals & { next: number | null }> {
  const page = await deps.db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(and(pendingSince(deps.now().getTime() - DIGEST_LOOKBACK_MS), gt(notifications.userId, after)))
    .orderBy(asc(notifications.userId))
    .limit(limit)
  const ids = page.map((p) => p.userId)
  const totals = ids.length ? await digestPeople(deps, ids) : { users: 0, emails: 0, items: 0 }
  return { ...totals, next: ids.length === limit ? (ids[ids.length - 1] ?? null) : null }
}

/**
 * For each person (at most ~90): one e-mail with what waits in their "Resumo diário" groups
 * (newest 20, "e mais N"); rows of "Nunca" groups are marked handled unsent. Each person's rows
 * are marked after their e-mail went out, so a run that stops halfway is finished by the next
 * one without sending anyone the same digest twice.
 */
async function digestPeople(deps: MailDeps, ids: number[]): Promise<Totals> {
  const pending = pendingSince(deps.now().getTime() - DIGEST_LOOKBACK_MS)
  const visibleSubject = await visibleSubjectOf(deps, and(inArray(notifications.userId, ids), pending) as SQL)
  const [recipients, preferences, rows] = await Promise.all([
    mailRecipients(deps, ids),
    getEmailPreferencesOf(deps, ids),
    deps.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), pending, visibleSubject))
      .orderBy(asc(notifications.userId), desc(notifications.createdAt), desc(notifications.id)),
  ])
  const byUser = new Map<number, typeof rows>()
  for (const row of rows) {
    const list = byUser.get(row.userId)
    if (list) list.push(row)
    else byUser.set(row.userId, [row])
  }
  const totals: Totals = { users: 0, emails: 0, items: 0 }
  for (const userId of ids) {
    totals.users++
    const to = recipients.get(userId)
    const mine = byUser.get(userId) ?? []
    if (!to || !mine.length) continue
    const result = await digestOne(deps, { id: userId, ...to }, mine, preferences.get(userId))
    totals.emails += result.sent ? 1 : 0
    totals.items += result.items
  }
  return totals
}

async function digestOne(
  deps: MailDeps,
  to: { id: number; email: string; name: string },
  rows: (typeof notifications.$inferSelect)[],
  preferences: EmailPreferences | undefined,
): Promise<{ sent: boolean; items: number }> {
  const handled: number[] = []
  const daily = rows.filter((row) => {
    const group = groupOf(row.kind)
    const mode = group && preferences ? preferences[group] : 'nunca'
    // "Nunca" (and kinds no one chooses) are handled by not sending; "Na hora" goes out by itself.
    if (mode !== 'diario') {
      if (mode === 'nunca') handled.push(row.id)
      return false
    }
    return true
  })
  if (daily.length) {
    const shown = daily.slice(0, DIGEST_ITEMS)
    const subject = plural(
      daily.length,
      t('mail.digestSubject.one'),
      t('mail.digestSubject.many', { n: daily.length }),
    )
    await deps.mailer.send(
      await composeMail(
        deps,
        to,
        subject,
        t('mail.digestIntro', { nome: to.name }),
        shown,
        daily.length - shown.length,
        'todos',
      ),
    )
  }
  await markEmailed(deps, [...handled, ...daily.map((row) => row.id)])
  return { sent: daily.length > 0, items: daily.length }
}
