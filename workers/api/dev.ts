import { Hono } from 'hono'
import { enqueueNotification } from '~/domain/notifications/notifications.server'
import { devNotificationSchema } from '~/schemas/notifications'
import type { AppEnv } from '../env'
import { readInput } from '../lib/input'

/**
 * Development and test builds only (mounted when ENVIRONMENT is not "production"): lets a
 * developer or a test send a notification through the real queue and consumer.
 */
export const devApi = new Hono<AppEnv>().post('/__dev/notificacoes', async (c) => {
  const input = await readInput(c, devNotificationSchema)
  const dedupeKey = `dev:${crypto.randomUUID()}`
  await enqueueNotification(c.var.deps, {
    type: 'notify',
    userId: input.usuario_id,
    kind: 'sistema',
    title: input.titulo,
    url: input.url,
    dedupeKey,
  })
  return c.json({ status: 'success', chave: dedupeKey }, 202)
})
