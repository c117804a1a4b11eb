import { t } from '~/i18n/pt-BR'
import { isValidCnj } from '~/schemas/cnj'
import { z } from '~/schemas/zod'
import { oabKey, oabOfKey, parseOab } from './oab'
import { text } from './text'
import { UFS } from './ufs'

// Intimações and deadlines (issue 41): the filters of `/intimacoes` and `/prazos`, the lawyer's
// correction, "cumprido", and the reminders' days. Shared by the forms and the server.

const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const STATE_COURTS = UFS.filter((uf) => uf !== 'DF').join('|')

/**
 * The courts whose calendar the deadline counter knows (app/domain/deadlines/courts.ts), as the
 * DJEN writes them without the hyphen (TJSP, TJDFT, TJMSP, TRF1–6, TRT1–24, TRESP, STJ…): a
 * correction to any other would be counted with no court holidays at all.
 */
export const COURT_SIGLA = new RegExp(
  `^(?:STF|STJ|TST|TSE|STM|CNJ|CJF|CSJT|TJDFT|TJ(?:${STATE_COURTS})|TJM(?:MG|SP|RS)|TRF[1-6]|TRT(?:[1-9]|1\\d|2[0-4])|TRE(?:${UFS.join('|')}))$`,
)

/** The filters, as the URL carries them; a value that cannot be one is ignored, never a 500. */
export type IntimationFilters = { oab?: string; tribunal?: string; processo?: string }

export function readFilters(params: URLSearchParams): IntimationFilters {
  const filters: IntimationFilters = {}
  const oab = params.get('oab')?.trim() ?? ''
  const parsed = oabOfKey(oab.toUpperCase()) ?? parseOab(oab)
  if (parsed) filters.oab = oabKey(parsed)
  // As stored, from the DJEN ("TJDFT", "TRE-SP"): the filter's options are those values.
  const court = params.get('tribunal')?.trim().toUpperCase() ?? ''
  if (/^[A-Z][A-Z0-9-]{1,11}$/.test(court)) filters.tribunal = court
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
