import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { isoDateField, requiredText } from './fields'

/**
 * `POST /ajax/revisao/suspensoes` (issue 41): a suspension a court declared, with the act that
 * declared it. The court is checked against the calendars by the use-case (a known sigla).
 */
export const suspensionAddSchema = z
  .object({
    tribunal: requiredText(t('deadlines.suspension.courtRequired'))
      .max(12, t('deadlines.suspension.courtUnknown'))
      .transform((value) => value.toUpperCase().replace(/[^A-Z0-9]/g, '')),
    de: isoDateField,
    ate: isoDateField,
    motivo: requiredText(t('deadlines.suspension.reasonRequired')).pipe(
      z.string().max(200, t('deadlines.suspension.reasonTooLong')),
    ),
    fonte: requiredText(t('deadlines.suspension.sourceRequired'))
      .pipe(z.string().min(5, t('deadlines.suspension.sourceRequired')))
      .pipe(z.string().max(500, t('deadlines.suspension.sourceTooLong'))),
  })
  .refine((input) => input.de <= input.ate, { error: () => t('deadlines.suspension.order'), path: ['ate'] })
