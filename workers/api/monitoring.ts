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
const monitoringApiBase = new Hono<AppEnv>()

const monitoringApi1 = register(monitoringApiBase, lawsuitMonitoring, async (c) =>
  respond(c, await createLawsuitMonitoring(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
const monitoringApi2 = register(monitoringApi1, nameMonitoring, async (c) =>
  respond(c, await createNameMonitoring(c.var.deps, c.var.user.id, c.req.valid('form'))),
)
const monitoringApi3 = register(monitoringApi2, monitoringHitDismiss, async (c) =>
  respond(
    c,
    await dismissHit(c.var.deps, c.var.user.id, idParam(c.req.valid('form').id, 'monitoring.hitNotFound')),
  ),
)
// Development's local receiver is allowed by the environment, never by the request.
const monitoringApi4 = register(monitoringApi3, webhookSave, async (c) =>
  respond(c, await saveWebhook(c.var.deps, c.var.user.id, c.req.valid('form').url, isLocalDev(c.env))),
)
const monitoringApi5 = register(monitoringApi4, webhookRemove, async (c) =>
  respond(c, await removeWebhook(c.var.deps, c.var.user.id)),
)
const monitoringApi6 = register(monitoringApi5, webhookTest, async (c) =>
  respond(c, await sendTestWebhook(c.var.deps, webhookFetcher(c.env, c.var.localFetch), c.var.user.id)),
)
// "Reenviar" (decisions/0051): the owner's failed delivery, once more, with the same X-Entrega.
const monitoringApi7 = register(monitoringApi6, webhookResend, async (c) =>
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
const monitoringApi8 = register(monitoringApi7, monitoringsDelete, async (c) =>
  respond(c, await deleteMonitorings(c.var.deps, c.var.user.id, c.req.valid('form').itens)),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const monitoringApi = monitoringApi8
