import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'

/** Delete table items (spec §7): `{itens: [ids]}` as JSON, or the checked `itens[]` of a plain post. */
export const deleteItemsSchema = z.object({
  itens: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(
        z.coerce
          .number({ error: () => t('table.badItem') })
          .int({ error: () => t('table.badItem') })
          .positive({ error: () => t('table.badItem') })
          .max(Number.MAX_SAFE_INTEGER, { error: () => t('table.badItem') }),
        { error: () => t('table.noneSelected') },
      )
      .min(1, t('table.noneSelected'))
      .max(500, t('table.noneSelected')),
  ),
})
