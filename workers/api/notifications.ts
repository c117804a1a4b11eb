import { Hono } from 'hono'
import { listNotifications, markAllRead, markAllViewed } from '~/domain/notifications/notifications.server'
import type { AppEnv } from '../env'
import { respond } from '../lib/respond'
import { requireUser } from '../middleware/session'

/** The header's notifications box (spec §4, §7). */
export const notificationsApi = new Hono<AppEnv>()
  .get('/ajax/notificacoes', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json(await listNotifications(c.var.deps, c.var.user.id, c.env.BASE_DOMAIN))
  })
  .post('/ajax/visualizar-todas-notificacoes', requireUser, async (c) => {
    await markAllViewed(c.var.deps, c.var.user.id)
    return respond(c)
  })
  .post('/ajax/ler-todas-notificacoes', requireUser, async (c) => {
    await markAllRead(c.var.deps, c.var.user.id)
    return respond(c)
  })
