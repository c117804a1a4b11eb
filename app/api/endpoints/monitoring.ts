import {
  dismissHitSchema,
  emptyFormSchema,
  lawsuitMonitoringSchema,
  nameMonitoringSchema,
  resendDeliverySchema,
  webhookSchema,
} from '~/schemas/monitoring'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

// Monitoring (issue 16, spec §7 "Lawsuit monitoring" and "Name monitoring"; decisions/0046,
// 0051): every write counts on one per-user counter, the one the table's delete shares.
const monitoring = {
  error: actionError,
  access: 'user',
  limit: 'api',
  limitScope: 'monitoramentos',
  public: false,
} as const

/** A monitoring made (or the same one found again): where it is shown. */
const created = actionSuccess({
  monitoramento: z.object({ id: z.number().int().positive() }),
  redirect_url: z.string(),
})

/** The lawsuit page's "Monitorar processo": its refusals answer `status: 'failed'` (spec §7). */
export const lawsuitMonitoring = endpoint({
  ...routes.lawsuitMonitoring,
  spec: 'Lawsuit monitoring',
  ...monitoring,
  input: lawsuitMonitoringSchema,
  output: created,
  error: actionError.extend({ status: z.literal('failed') }),
  failureStatus: 'failed',
  summary: 'Monitorar um processo pelo número CNJ',
})

/** The campaign-29 form: a name or a term, how it must appear, its filters and sources. */
export const nameMonitoring = endpoint({
  ...routes.nameMonitoring,
  ...monitoring,
  input: nameMonitoringSchema,
  output: created,
  summary: 'Monitorar um nome ou um termo',
})

/** "Não sou eu" on one hit: its context is skipped by the monitoring from now on. */
export const monitoringHitDismiss = endpoint({
  ...routes.monitoringHitDismiss,
  ...monitoring,
  input: dismissHitSchema,
  output: actionSuccess({ ocorrencia: z.object({ id: z.number().int().positive() }) }),
  summary: 'Marcar uma ocorrência como "não sou eu"',
})

/** The webhook's address; a new address gets a new signing secret (decisions/0051). */
export const webhookSave = endpoint({
  ...routes.webhookSave,
  ...monitoring,
  input: webhookSchema,
  output: actionSuccess({ segredo_novo: z.boolean() }),
  summary: 'Salvar o endereço do webhook',
})

export const webhookRemove = endpoint({
  ...routes.webhookRemove,
  ...monitoring,
  input: emptyFormSchema,
  output: actionSuccess({}),
  summary: 'Excluir o webhook',
})

/** One signed POST now; a receiver that fails is a 422 with its error (the try is logged). */
export const webhookTest = endpoint({
  ...routes.webhookTest,
  ...monitoring,
  input: emptyFormSchema,
  output: actionSuccess({}),
  summary: 'Enviar um teste ao webhook',
})

/** A failed delivery once more, with the same `X-Entrega`; only its owner's. */
export const webhookResend = endpoint({
  ...routes.webhookResend,
  ...monitoring,
  input: resendDeliverySchema,
  output: actionSuccess({}),
  summary: 'Reenviar uma entrega que falhou',
})
