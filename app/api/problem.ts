import { z } from '~/schemas/zod'

/**
 * Every error of the open API: RFC 9457 problem details (`application/problem+json`), `detail`
 * in Portuguese, and under `errors` each field that was refused with its message.
 */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: 'Endereço que descreve o tipo do erro.' }),
    title: z.string().meta({ description: 'O tipo do erro, em português.' }),
    status: z.number().int().meta({ description: 'O código HTTP da resposta.' }),
    detail: z.string().meta({ description: 'O que houve com esta chamada, em português.' }),
    instance: z.string().optional().meta({ description: 'O caminho chamado.' }),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .meta({ description: 'Os campos recusados, cada um com sua mensagem.' }),
  })
  .meta({ id: 'Problema' })
export type Problem = z.infer<typeof problemSchema>
