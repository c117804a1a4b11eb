import type { notifications } from '~/db/schema'
import { notificationHref } from './links'

// A stored notification as the header's box and the inbox page show it: below both readers
// (notifications.server.ts and inbox.server.ts), so neither imports the other for it.

export type NotificationItem = {
  id: number
  kind: string
  title: string
  url: string | null
  createdAt: number
  viewed: boolean
  read: boolean
}

/** A stored row as the box and the page show it; links are checked again on the way out. */
export function toNotificationItem(
  row: typeof notifications.$inferSelect,
  baseDomain: string,
): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    url: notificationHref(row.url, baseDomain),
    createdAt: row.createdAt,
    viewed: row.viewedAt !== null,
    read: row.readAt !== null,
  }
}
