import { apiKeyCreateSchema, apiKeyRevokeSchema } from '~/schemas/api-keys'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

/** "Conta" → API: creating and revoking keys of the open API (decisions/0063). */
export const apiKeyCreate = endpoint({
  ...routes.apiKeyCreate,
  input: apiKeyCreateSchema,
  output: actionSuccess({
    id: z.number().int(),
    chave: z.string().meta({ description: 'O segredo, mostrado só agora.' }),
    prefixo: z.string(),
  }),
  error: actionError,
  access: 'user',
  limit: 'write',
  public: false,
  summary: 'Criar uma chave de API',
})

export const apiKeyRevoke = endpoint({
  ...routes.apiKeyRevoke,
  input: apiKeyRevokeSchema,
  output: actionSuccess({ id: z.number().int() }),
  error: actionError,
  access: 'user',
  limit: 'write',
  public: false,
  summary: 'Revogar uma chave de API',
})
