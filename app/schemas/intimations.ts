import { t } from '~/i18n/pt-BR'
import { isValidCnj } from '~/schemas/cnj'
import { z } from '~/schemas/zod'
import { oabKey, oabOfKey, parseOab } from './oab'
import { text } from './text'

// Intimações and deadlines (issue 41): the filters of `/intimacoes` and `/prazos`, the lawyer's
// correction, "cumprido", and the reminders' days. Shared by the forms and the server.

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/** A court's sigla as the DJEN writes it (TJSP, TRF5, TRT2, STJ, TJMSP, TRE-SP as TRESP…). */
export const COURT_SIGLA = /^(?:STF|STJ|TST|TSE|STM|CNJ|TJ[A-Z]{2}|TJM[A-Z]{2}|TRF\d|TRT\d{1,2}|TRE[A-Z]{2})$/

/** The filters, as the URL carries them; a value that cannot be one is ignored, never a 500. */
export type IntimationFilters = { oab?: string; tribunal?: string; processo?: string }

export function readFilters(params: URLSearchParams): IntimationFilters {
  const filters: IntimationFilters = {}
  const oab = params.get('oab')?.trim() ?? ''
  const parsed = oabOfKey(oab.toUpperCase()) ?? parseOab(oab)
  if (parsed) filters.oab = oabKey(parsed)
  const court = params.get('tribunal')?.trim().toUpperCase().replace(/-/g, '') ?? ''
  if (COURT_SIGLA.test(court)) filters.tribunal = court
  const lawsuit = (params.get('processo') ?? '').replace(/[\s.-]/g, '')
  if (isValidCnj(lawsuit)) filters.processo = lawsuit
  return filters
}

/**
 * The lawyer's correction: the number of days and/or another court's calendar; both empty undoes
 * it. The form's fields; the intimação is the address's `:id` (the server's schema adds it).
 */
export const intimationCorrectionFields = z.object({
  dias: z.preprocess(
    blank,
    z.coerce
      .number({ error: () => t('intimation.badDays') })
      .int({ error: () => t('intimation.badDays') })
      .min(1, t('intimation.badDays'))
      .max(365, t('intimation.badDays'))
      .optional(),
  ),
  tribunal: z.preprocess(
    (value) => (typeof value === 'string' ? blank(value.trim().toUpperCase().replace(/-/g, '')) : value),
    text(t('intimation.badCourt'))
      .refine((value) => COURT_SIGLA.test(value), { error: () => t('intimation.badCourt') })
      .optional(),
  ),
})
export const intimationCorrectionSchema = intimationCorrectionFields.extend({ id: text() })
export type IntimationCorrectionInput = z.infer<typeof intimationCorrectionSchema>

/** "Cumprido" and its undoing: one form each way, so it works without JavaScript. */
export const intimationFulfilFields = z.object({
  cumprido: z.enum(['sim', 'nao'], { error: () => t('intimation.badFulfil') }),
})
export const intimationFulfilSchema = intimationFulfilFields.extend({ id: text() })

/** The reminders: business days before the last day, e.g. "3, 1"; empty for none. */
export const reminderDaysSchema = z.object({
  dias: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    text(t('deadlines.badReminders'))
      .max(40, t('deadlines.badReminders'))
      .transform((value, ctx) => {
        const parts = value.split(/[\s,;]+/).filter(Boolean)
        const days = parts.map(Number)
        if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 30) || days.length > 5) {
          ctx.addIssue({ code: 'custom', message: t('deadlines.badReminders') })
          return z.NEVER
        }
        return [...new Set(days)].sort((a, b) => b - a)
      }),
  ),
})

/** A new feed address: nothing in the body (the session says whose). */
export const feedReplaceSchema = z.object({})

export const DEFAULT_REMINDER_DAYS = [3, 1]
