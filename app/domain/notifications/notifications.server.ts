import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { failedJobs, notifications } from '~/db/schema'
import type { Corpus } from '~/domain/corpus/shards.server'
import type { Deps } from '~/domain/deps'
import { DomainError } from '~/domain/errors'
import { recordFailedJob } from '~/domain/jobs/jobs.server'
import type { Outcome } from '~/domain/outcome'
import { openAccountId } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { emailIfImmediate } from './emails.server'
import { countUnseenCapped } from './inbox.server'
import { type NotificationItem, toNotificationItem } from './items'
import { notificationHref } from './links'
import {
  type NotificationMessage,
  type NotificationsQueueMessage,
  notificationsQueueMessage,
} from './notifications-messages'
import { visibleSubjectOf } from './subjects.server'

export async function enqueueNotification(
  deps: { notificationsQueue: Queue },
  message: NotificationsQueueMessage,
): Promise<void> {
  await deps.notificationsQueue.send(notificationsQueueMessage.parse(message), { contentType: 'json' })
}

/**
 * Consumer side. A missing recipient is retried rather than dropped: with D1 read replicas a
 * just-created user may not be visible yet. After the retries it lands in the dead-letter queue.
 */
export async function deliverNotification(
  deps: Pick<Deps, 'db' | 'corpus' | 'mailer' | 'authSecret' | 'origin' | 'now'>,
  message: NotificationMessage,
  baseDomain: string,
): Promise<void> {
  // One queued for an account merged meanwhile goes to the survivor.
  const userId = await openAccountId(deps, message.userId)
  if (!userId) throw new DomainError('notification.userNotFound', 404)
  await deps.db
    .insert(notifications)
    .values({
      userId,
      kind: message.kind,
      title: message.title,
      url: notificationHref(message.url, baseDomain),
      dedupeKey: message.dedupeKey,
      subjectKind: message.subject?.kind ?? null,
      subjectId: message.subject?.id ?? null,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
  // A redelivery finds the row already e-mailed (or left for the digest) and sends nothing.
  await emailIfImmediate(deps, message.dedupeKey)
}

export async function listNotifications(
  deps: { db: Database; corpus: Corpus },
  userId: number,
  baseDomain: string,
  limit = 20,
): Promise<{ items: NotificationItem[]; unseen: number }> {
  const visibleSubject = await visibleSubjectOf(deps, eq(notifications.userId, userId))
  const [rows, unseen] = await Promise.all([
    deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), visibleSubject))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    countUnseenCapped(deps, userId),
  ])
  return {
    items: rows.map((row) => toNotificationItem(row, baseDomain)),
    unseen,
  }
}

/** Opening the box marks every notification as viewed (spec §4): the badge goes away. */
export async function markAllViewed(
  deps: { db: Database; now: () => Date },
  userId: number,
): Promise<Outcome> {
  await deps.db
    .update(notifications)
    .set({ viewedAt: deps.now().getTime() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.viewedAt)))
  return {}
}

/** "Marcar todas como lidas": read is also seen; the message is the use-case's, not the router's. */
export async function markAllRead(deps: { db: Database; now: () => Date }, userId: number): Promise<Outcome> {
  const at = deps.now().getTime()
  await deps.db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  await markAllViewed(deps, userId)
  return { message: t('notification.allRead') }
}

/** Where a notification waits when the queue refused it: retried by the cron (never lost). */
export const PENDING_QUEUE = 'notificacoes-pendentes'

/**
 * Enqueues, or — when the queue itself fails — keeps the message in `failed_jobs` under
 * `notificacoes-pendentes` for the cron to send again. The user's action already succeeded; its
 * notification must not be lost with a transient queue error, and its dedupe key makes a late
 * second send harmless.
 */
export async function enqueueOrKeep(
  deps: { db: Database; notificationsQueue: Queue },
  message: NotificationsQueueMessage,
): Promise<void> {
  try {
    await enqueueNotification(deps, message)
  } catch (error) {
    console.error(JSON.stringify({ notify: String(error), kept: message.dedupeKey }))
    await recordFailedJob(deps, {
      queue: PENDING_QUEUE,
      messageId: `pendente:${message.dedupeKey}`,
      body: message,
      attempts: 0,
    })
  }
}

/** Cron: sends again what the queue refused earlier, oldest first; each row goes once it is sent. */
export async function resendPending(
  deps: { db: Database; notificationsQueue: Queue },
  limit = 100,
): Promise<number> {
  const rows = await deps.db
    .select()
    .from(failedJobs)
    .where(eq(failedJobs.queue, PENDING_QUEUE))
    .orderBy(asc(failedJobs.id))
    .limit(limit)
  let sent = 0
  for (const row of rows) {
    const parsed = notificationsQueueMessage.safeParse(JSON.parse(row.body))
    if (parsed.success) {
      await enqueueNotification(deps, parsed.data)
      sent++
    }
    await deps.db.delete(failedJobs).where(eq(failedJobs.id, row.id))
  }
  return sent
}
