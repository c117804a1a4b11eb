import { Hono } from 'hono'
import {
  lawsuitMonitoring,
  monitoringHitDismiss,
  nameMonitoring,
  webhookRemove,
  webhookResend,
  webhookSave,
  webhookTest,
} from '~/api/endpoints/monitoring'
import { monitoringsDelete } from '~/api/endpoints/tables'
import {
  createLawsuitMonitoring,
  createNameMonitoring,
  deleteMonitorings,
  dismissHit,
} from '~/domain/monitoring/monitorings.server'
import {
  removeWebhook,
  resendDelivery,
  saveWebhook,
  sendTestWebhook,
} from '~/domain/monitoring/webhooks.server'
import { isLocalDev } from '~/domain/site/environment'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register } from '../lib/register'
import { respond } from '../lib/respond'
import { webhookFetcher } from '../lib/webhook-fetcher'

/**
 * Monitorings (issue 16): creation, deletion, "não sou eu", and the webhook settings, each
 * registered from its declaration (app/api/endpoints/monitoring.ts; one per-user counter for all).
 */
export const monitoringApi = new Hono<AppEnv>()

register(monitoringApi, lawsuitMonitoring, async (c) =>
  respond(c, await createLawsuitMonitoring(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
register(monitoringApi, nameMonitoring, async (c) =>
  respond(c, await createNameMonitoring(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
register(monitoringApi, monitoringHitDismiss, async (c) =>
  respond(
    c,
    await dismissHit(c.var.deps, c.var.user.id, idParam(c.req.valid('form').id, 'monitoring.hitNotFound')),
  ),
)
// Development's local receiver is allowed by the environment, never by the request.
register(monitoringApi, webhookSave, async (c) =>
  respond(c, await saveWebhook(c.var.deps, c.var.user.id, c.req.valid('form').url, isLocalDev(c.env))),
)
register(monitoringApi, webhookRemove, async (c) =>
  respond(c, await removeWebhook(c.var.deps, c.var.user.id)),
)
register(monitoringApi, webhookTest, async (c) =>
  respond(c, await sendTestWebhook(c.var.deps, webhookFetcher(c.env, c.var.localFetch), c.var.user.id)),
)
// "Reenviar" (decisions/0051): the owner's failed delivery, once more, with the same X-Entrega.
register(monitoringApi, webhookResend, async (c) =>
  respond(
    c,
    await resendDelivery(
      c.var.deps,
      webhookFetcher(c.env, c.var.localFetch),
      c.var.user.id,
      idParam(c.req.valid('form').id, 'webhook.deliveryNotFound'),
    ),
  ),
)
// `/monitoramentos`' data table; declared in app/api/endpoints/tables.ts (the same counter).
register(monitoringApi, monitoringsDelete, async (c) =>
  respond(c, await deleteMonitorings(c.var.deps, c.var.user.id, c.req.valid('form').itens)),
)
