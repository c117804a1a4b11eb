import { t } from '~/i18n/pt-BR'
import { isValidCnj } from '~/schemas/cnj'
import { ufField } from '~/schemas/fields'
import { MONITORING_SOURCES } from '~/schemas/monitoring-constants'
import { parseOab } from '~/schemas/oab'
import { type WebhookUrlProblem, webhookUrlProblem } from '~/schemas/webhook-url'
import { z } from '~/schemas/zod'
import { text } from './text'

export {
  LAWSUIT_BUTTON_ORIGIN,
  MONITORING_SOURCES,
  type MonitoringSource,
  NAME_BUTTON_REF,
  NAME_CAMPAIGN_ID,
} from '~/schemas/monitoring-constants'

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    text(message).trim().max(max, message).optional(),
  )

/**
 * `POST /api/interno/processos` (spec §7 "Lawsuit monitoring"). The number decides: `processo_id`
 * is what the page knew, and the lawsuit may not be in the corpus yet (it is watched by number).
 */
export const lawsuitMonitoringSchema = z.object({
  numero_processo: text(t('monitoring.cnjInvalid'))
    .trim()
    .refine((value) => isValidCnj(value.replace(/[\s.-]/g, '')), { error: () => t('monitoring.cnjInvalid') }),
  processo_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: () => t('monitoring.cnjInvalid') })
      .int({ error: () => t('monitoring.cnjInvalid') })
      .positive({ error: () => t('monitoring.cnjInvalid') })
      .max(Number.MAX_SAFE_INTEGER, { error: () => t('monitoring.cnjInvalid') })
      .optional(),
  ),
  termo: optionalText(120, t('monitoring.termLong')),
  tipo: optionalText(40, t('monitoring.badKind')),
  origem_criacao: optionalText(80, t('monitoring.badKind')),
})
export type LawsuitMonitoringInput = z.infer<typeof lawsuitMonitoringSchema>

const digitsOf = (value: string) => value.replace(/\D/g, '')

/** The new-monitoring form (campaign 29): a name or a term, how it must appear, and filters. */
export const nameMonitoringSchema = z.object({
  tipo: z.enum(['nome', 'termo'], { error: () => t('monitoring.badKind') }),
  termo: text(t('monitoring.termRequired'))
    .trim()
    .min(1, t('monitoring.termRequired'))
    .max(120, t('monitoring.termLong'))
    .refine((value) => (value.match(/\p{L}/gu) ?? []).length >= 3, {
      error: () => t('monitoring.termShort'),
    }),
  modo: z.enum(['exato', 'todas'], { error: () => t('monitoring.badMode') }).default('exato'),
  uf: z.preprocess((value) => (value === '' ? undefined : value), ufField.optional()),
  cidade: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: () => t('monitoring.badCity') })
      .int({ error: () => t('monitoring.badCity') })
      .min(1_000_000, t('monitoring.badCity'))
      .max(5_999_999, t('monitoring.badCity'))
      .optional(),
  ),
  oab: optionalText(20, t('monitoring.badOab')).refine(
    (value) => value === undefined || /^\d{1,7}\s*(?:[/-]?\s*[A-Za-z]{2})?$/.test(value.replace(/\./g, '')),
    { error: () => t('monitoring.badOab') },
  ),
  documento: optionalText(20, t('monitoring.badTaxId')).refine(
    (value) =>
      value === undefined ||
      (/^[\d.\-/\s*]+$/.test(value) && digitsOf(value).length >= 3 && digitsOf(value).length <= 14),
    { error: () => t('monitoring.badTaxId') },
  ),
  coparte: optionalText(120, t('monitoring.coPartyLong')),
  fontes: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.enum(MONITORING_SOURCES, { error: () => t('monitoring.noSources') }))
      .min(1, t('monitoring.noSources')),
  ),
  origem_criacao: optionalText(80, t('monitoring.badKind')),
  campaign_id: optionalText(10, t('monitoring.badKind')),
  ref: optionalText(80, t('monitoring.badKind')),
})
export type NameMonitoringInput = z.infer<typeof nameMonitoringSchema>

/**
 * "Monitorar OAB" (issue 41): the number in any written form ("094.719", "OAB/RJ 94719",
 * "123456-A" for a suplementar inscription) and its UF, which must agree with a UF written in it.
 */
export const oabMonitoringSchema = z
  .object({
    numero: text(t('monitoring.oab.numberRequired'))
      .trim()
      .min(1, t('monitoring.oab.numberRequired'))
      .max(30, t('monitoring.oab.badNumber')),
    uf: ufField,
  })
  .superRefine((value, ctx) => {
    if (!parseOab(value.numero, value.uf))
      ctx.addIssue({ code: 'custom', path: ['numero'], message: t('monitoring.oab.badNumber') })
  })
export type OabMonitoringInput = z.infer<typeof oabMonitoringSchema>

/**
 * "Não sou eu" on one hit: the hit is the path's segment (anything but a positive integer is not
 * found). The form itself sends nothing.
 */
export const dismissHitSchema = z.object({ id: text() })

/**
 * The message of each refusal, each key written out: the browser build inlines `t('literal')`
 * and would ship the whole catalogue for a `t(variable)` (decisions/0038).
 */
function webhookUrlMessage(problem: WebhookUrlProblem): string {
  switch (problem) {
    case 'webhook.credentials':
      return t('webhook.credentials')
    case 'webhook.notHttps':
      return t('webhook.notHttps')
    case 'webhook.badPort':
      return t('webhook.badPort')
    case 'webhook.ipAddress':
      return t('webhook.ipAddress')
    case 'webhook.privateHost':
      return t('webhook.privateHost')
    default:
      return t('webhook.badUrl')
  }
}

/**
 * Conta's webhook: an https address on a public name (http and any port only for this machine's
 * own stand-in, in development: the server refuses that elsewhere). decisions/0051.
 */
export const webhookSchema = z.object({
  url: text(t('webhook.badUrl'))
    .trim()
    .max(500, t('webhook.badUrl'))
    .superRefine((value, ctx) => {
      const problem = webhookUrlProblem(value, true)
      if (problem) ctx.addIssue({ code: 'custom', message: webhookUrlMessage(problem) })
    }),
})

/** "Reenviar" on a failed delivery: nothing in the body, the delivery is the path's segment. */
export const resendDeliverySchema = z.object({ id: text() })

/**
 * Removing the webhook and "Enviar um teste" send nothing (the session says whose); so do the
 * forms of "Não sou eu" and "Reenviar", whose id is in the address.
 */
export const emptyFormSchema = z.object({})
