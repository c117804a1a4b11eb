import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { notifications } from '~/db/schema'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { t } from '~/i18n/pt-BR'
import { type NotificationItem, toNotificationItem } from './items'
import { visibleSubjectOf } from './subjects.server'

type SubjectDeps = Parameters<typeof visibleSubjectOf>[0]

/** The badge shows "99+" past 99: counting stops at 100 (partial index on unseen rows). */
export const BADGE_CAP = 100
export const PAGE_SIZE = 20

/** A user's visible rows still without `viewed_at` or `read_at`, counted up to `cap` (partial indexes). */
async function countCapped(
  deps: SubjectDeps,
  userId: number,
  missing: 'viewed_at' | 'read_at',
  cap: number,
): Promise<number> {
  const visibleSubject = await visibleSubjectOf(deps, eq(notifications.userId, userId))
  const [row] = await deps.db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM notifications
      WHERE user_id = ${userId} AND ${sql.raw(missing)} IS NULL AND ${visibleSubject} LIMIT ${cap}
    )`)
  return Number(row?.n ?? 0)
}

export const countUnseenCapped = (deps: SubjectDeps, userId: number) =>
  countCapped(deps, userId, 'viewed_at', BADGE_CAP)

/** Unread ones, counted up to 1,000 ("1000+" beyond): the filter's label, never a long scan. */
export const countUnread = (deps: SubjectDeps, userId: number) => countCapped(deps, userId, 'read_at', 1000)

/** Removing an article (or sealing a lawsuit) removes what was said about it. */
export const forgetSubject = (db: Database, kind: 'artigo' | 'processo', id: number) =>
  db.delete(notifications).where(and(eq(notifications.subjectKind, kind), eq(notifications.subjectId, id)))

/** Clicking one notification marks it read (and viewed); someone else's is a 404. */
export async function markRead(
  deps: { db: Database; now: () => Date },
  userId: number,
  id: number,
): Promise<Outcome> {
  const at = deps.now().getTime()
  const [row] = await deps.db
    .update(notifications)
    .set({
      readAt: sql`coalesce(${notifications.readAt}, ${at})`,
      viewedAt: sql`coalesce(${notifications.viewedAt}, ${at})`,
    })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  if (!row) throw new DomainError('notification.notFound', 404)
  return { message: t('notification.markedRead') }
}

type PageOptions = { page: number; unreadOnly: boolean }

/**
 * `/notificacoes`: newest first, 20 a page, optionally only the unread ones. A page is read as
 * 21 rows (the extra one says whether there is a next page), so nothing is counted.
 */
export async function listNotificationPage(
  deps: SubjectDeps,
  userId: number,
  baseDomain: string,
  { page, unreadOnly }: PageOptions,
): Promise<{ items: NotificationItem[]; hasNext: boolean; unread: number }> {
  const visibleSubject = await visibleSubjectOf(deps, eq(notifications.userId, userId))
  const where = unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt), visibleSubject)
    : and(eq(notifications.userId, userId), visibleSubject)
  const [rows, unread] = await Promise.all([
    deps.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(PAGE_SIZE + 1)
      .offset((page - 1) * PAGE_SIZE),
    countUnread(deps, userId),
  ])
  return {
    items: rows.slice(0, PAGE_SIZE).map((row) => toNotificationItem(row, baseDomain)),
    hasNext: rows.length > PAGE_SIZE,
    unread,
  }
}
