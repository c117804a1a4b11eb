import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { text as lineText } from './text'

const text = (max: number) =>
  lineText(t('directory.filter.invalid'))
    .trim()
    .max(max, { error: () => t('directory.filter.invalid') })
    .optional()
    .transform((value) => value ?? '')

/**
 * The directory's filter bar as a GET form (spec §2): `profissao` (a profession slug or empty),
 * `cidade` (the IBGE code the autocomplete picked) and `cidade_nome` (what was typed, read as
 * "Cidade/UF" when nothing was picked, e.g. without JavaScript).
 */
export const directoryFilterSchema = z.object({
  profissao: text(60),
  cidade: text(20),
  cidade_nome: text(120),
})
export type DirectoryFilterInput = z.infer<typeof directoryFilterSchema>

/** The names the form sends: any of them in the URL means "resolve and redirect". */
export const DIRECTORY_FILTER_FIELDS = ['profissao', 'cidade', 'cidade_nome'] as const
