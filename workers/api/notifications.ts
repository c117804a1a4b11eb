import { Hono } from 'hono'
import { countUnseenCapped, markRead } from '~/domain/notifications/inbox.server'
import { listNotifications, markAllRead, markAllViewed } from '~/domain/notifications/notifications.server'
import { t } from '~/i18n/pt-BR'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { respond } from '../lib/respond'
import { perUserLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

/** The latest ones the header box shows (issue 15). */
const BOX_SIZE = 10

// Marking seen or read: one counter for the three (each a write to the user's own rows).
const marks = perUserLimit((env) => env.API_LIMITER, { scope: 'notificacoes-marcar' })

/** The header's notifications box and `/notificacoes` (spec §4, §7). */
export const notificationsApi = new Hono<AppEnv>()
  .get('/ajax/notificacoes', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json(await listNotifications(c.var.deps, c.var.user.id, c.env.BASE_DOMAIN, BOX_SIZE))
  })
  // The badge, refreshed when the tab comes back into view: one indexed count, capped at 100.
  .get('/ajax/notificacoes/contagem', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    return c.json({ naoVistas: await countUnseenCapped(c.var.deps, c.var.user.id) })
  })
  .post('/ajax/visualizar-todas-notificacoes', requireUser, marks, async (c) => {
    await markAllViewed(c.var.deps, c.var.user.id)
    return respond(c)
  })
  .post('/ajax/ler-todas-notificacoes', requireUser, marks, async (c) => {
    await markAllRead(c.var.deps, c.var.user.id)
    return respond(c, { message: t('notification.allRead') })
  })
  .post('/ajax/notificacoes/:id/ler', requireUser, marks, async (c) =>
    respond(
      c,
      await markRead(c.var.deps, c.var.user.id, idParam(c.req.param('id'), 'notification.notFound')),
    ),
  )
