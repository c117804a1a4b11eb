import { suggestionsRequestSchema } from '~/schemas/search'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

/** The search box's suggestions (spec §7, decisions/0057): names that start with what was typed. */
export const suggestions = endpoint({
  ...routes.suggestions,
  input: suggestionsRequestSchema,
  output: actionSuccess({ sugestoes: z.array(z.string()) }),
  error: actionError,
  access: 'anyone',
  limit: 'address',
  public: false,
  summary: 'Sugestões da caixa de busca',
})
