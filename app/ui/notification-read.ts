import { routes } from '~/api/routes'
import { call } from '~/ui/call'

// What the header box and `/notificacoes` share on the client.

/** The header badge listens for this: an action on the page tells it the new unseen count. */
export const UNSEEN_EVENT = 'jurisedge:notificacoes-nao-vistas'

/** The header box read everything: a page that shows the list reloads it. */
export const READ_ALL_EVENT = 'jurisedge:notificacoes-lidas'

export function announceUnseen(unseen: number) {
  window.dispatchEvent(new CustomEvent(UNSEEN_EVENT, { detail: { unseen } }))
}

/**
 * `/notificacoes` shows the list, so, like opening the header box, it marks everything viewed
 * (spec §4): the badge agrees with the list from the moment the page is read.
 */
export async function markAllViewedNow(): Promise<boolean> {
  const outcome = await call(routes.notificationsViewAll, {})
  if (!outcome.ok) return false
  announceUnseen(0)
  return true
}

/** Marks one notification read on the way to its page (`call` posts with `keepalive`: it outlives the page). */
export function markNotificationRead(id: number) {
  void call(routes.notificationRead, { id: String(id) })
}
