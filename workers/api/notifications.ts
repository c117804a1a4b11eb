import { Hono } from 'hono'
import {
  notificationRead,
  notifications,
  notificationsCount,
  notificationsReadAll,
  notificationsViewAll,
} from '~/api/endpoints/notifications'
import { countUnseenCapped, markRead } from '~/domain/notifications/inbox.server'
import { listNotifications, markAllRead, markAllViewed } from '~/domain/notifications/notifications.server'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register, reply } from '../lib/register'
import { respond } from '../lib/respond'

/** The latest ones the header box shows (issue 15). */
const BOX_SIZE = 10

const noStore = { 'Cache-Control': 'private, no-store' }

/** The header's notifications box and `/notificacoes` (spec §4, §7); declared in app/api/endpoints/notifications.ts. */
const notificationsApiBase = new Hono<AppEnv>()

const notificationsApi1 = register(notificationsApiBase, notifications, async (c) =>
  reply(
    c,
    notifications,
    {
      status: 'success',
      ...(await listNotifications(c.var.deps, c.var.user.id, c.env.BASE_DOMAIN, BOX_SIZE)),
    },
    noStore,
  ),
)
const notificationsApi2 = register(notificationsApi1, notificationsCount, async (c) =>
  reply(
    c,
    notificationsCount,
    { status: 'success', naoVistas: await countUnseenCapped(c.var.deps, c.var.user.id) },
    noStore,
  ),
)
const notificationsApi3 = register(notificationsApi2, notificationsViewAll, async (c) =>
  respond(c, await markAllViewed(c.var.deps, c.var.user.id)),
)
const notificationsApi4 = register(notificationsApi3, notificationsReadAll, async (c) =>
  respond(c, await markAllRead(c.var.deps, c.var.user.id)),
)
const notificationsApi5 = register(notificationsApi4, notificationRead, async (c) =>
  respond(
    c,
    await markRead(c.var.deps, c.var.user.id, idParam(c.req.valid('form').id, 'notification.notFound')),
  ),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const notificationsApi = notificationsApi5
