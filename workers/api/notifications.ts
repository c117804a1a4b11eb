import { Hono } from 'hono'
import { listNotifications, markAllRead, markAllViewed } from '~/domain/notifications/notifications.server'
import type { AppEnv } from '../env'
import { requireUser } from '../middleware/session'

/** The header's notifications box (spec §4, §7). */
export const notificationsApi = new Hono<AppEnv>()
  .get('/ajax/notificacoes', requireUser(), async (c) => {
    c.header('Cache-Control', 'private, no-store')
    // biome-ignore lint/style/noNonNullAssertion: requireUser guarantees it
    return c.json(await listNotifications(c.var.deps, c.var.user!.id, c.env.BASE_DOMAIN))
  })
  .post('/ajax/visualizar-todas-notificacoes', requireUser(), async (c) => {
    // biome-ignore lint/style/noNonNullAssertion: requireUser guarantees it
    await markAllViewed(c.var.deps, c.var.user!.id)
    return c.json({ status: 'success' })
  })
  .post('/ajax/ler-todas-notificacoes', requireUser(), async (c) => {
    // biome-ignore lint/style/noNonNullAssertion: requireUser guarantees it
    await markAllRead(c.var.deps, c.var.user!.id)
    return c.json({ status: 'success' })
  })
