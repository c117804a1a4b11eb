import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
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
import {
  lawsuitMonitoringSchema,
  nameMonitoringSchema,
  resendDeliverySchema,
  webhookSchema,
} from '~/schemas/monitoring'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register } from '../lib/register'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { webhookFetcher } from '../lib/webhook-fetcher'
import { perUserLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

/** Spec §7/§8 "Lawsuit monitoring": a refusal answers `status: 'failed'` with `errors[]`. */
const failuresAsFailed = createMiddleware<AppEnv>(async (c, next) => {
  c.set('failureStatus', 'failed')
  await next()
})

const limit = perUserLimit((env) => env.API_LIMITER, { scope: 'monitoramentos' })

/** Monitorings (issue 16): creation, deletion, "não sou eu", and the webhook settings. */
export const monitoringApi = new Hono<AppEnv>()
  .post(
    '/api/interno/processos',
    failuresAsFailed,
    requireUser,
    limit,
    validate(lawsuitMonitoringSchema),
    async (c) => respond(c, await createLawsuitMonitoring(c.var.deps, c.var.user.id, c.req.valid('form'))),
  )
  .post('/ajax/monitoramentos', requireUser, limit, validate(nameMonitoringSchema), async (c) =>
    respond(c, await createNameMonitoring(c.var.deps, c.var.user.id, c.req.valid('form'))),
  )
  .post('/ajax/monitoramentos/ocorrencias/:id/nao-sou-eu', requireUser, limit, async (c) =>
    respond(
      c,
      await dismissHit(c.var.deps, c.var.user.id, idParam(c.req.param('id'), 'monitoring.hitNotFound')),
    ),
  )
  .post('/ajax/monitoramentos/webhook', requireUser, limit, validate(webhookSchema), async (c) =>
    respond(c, await saveWebhook(c.var.deps, c.var.user.id, c.req.valid('form').url, isLocalDev(c.env))),
  )
  .post('/ajax/monitoramentos/webhook/excluir', requireUser, limit, async (c) =>
    respond(c, await removeWebhook(c.var.deps, c.var.user.id)),
  )
  .post('/ajax/monitoramentos/webhook/teste', requireUser, limit, async (c) =>
    respond(c, await sendTestWebhook(c.var.deps, webhookFetcher(c.env, c.var.localFetch), c.var.user.id)),
  )
  // "Reenviar" (decisions/0051): the owner's failed delivery, once more, with the same X-Entrega.
  .post(
    '/ajax/monitoramentos/webhook/entregas/:id/reenviar',
    requireUser,
    limit,
    validate(resendDeliverySchema),
    async (c) =>
      respond(
        c,
        await resendDelivery(
          c.var.deps,
          webhookFetcher(c.env, c.var.localFetch),
          c.var.user.id,
          idParam(c.req.param('id'), 'webhook.deliveryNotFound'),
        ),
      ),
  )

// `/monitoramentos`' data table; declared in app/api/endpoints/tables.ts (the same counter).
register(monitoringApi, monitoringsDelete, async (c) =>
  respond(c, await deleteMonitorings(c.var.deps, c.var.user.id, c.req.valid('form').itens)),
)
