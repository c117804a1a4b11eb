import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
import { requiredText } from './fields'

/** "Criar chave" in "Conta" → API (decisions/0063). */
export const apiKeyCreateSchema = z.object({
  nome: requiredText(t('apiKeys.nameRequired')).max(60, t('apiKeys.nameTooLong')),
})
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateSchema>

/** "Revogar": the key's id. */
export const apiKeyRevokeSchema = z.object({
  id: z.coerce
    .number({ error: () => t('apiKeys.notFound') })
    .int({ error: () => t('apiKeys.notFound') })
    .positive({ error: () => t('apiKeys.notFound') })
    .max(Number.MAX_SAFE_INTEGER, { error: () => t('apiKeys.notFound') }),
})
