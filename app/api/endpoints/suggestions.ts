import { suggestionsRequestSchema } from '~/schemas/search'
import { z } from '~/schemas/zod'
import { actionError, endpoint } from '../endpoint'
import { routes } from '../routes'

/**
 * The search box's suggestions (spec §7, decisions/0057): names that start with what was typed.
 * The answer is the spec's bare array of strings, not `{status}` (`call` reads a 2xx body without
 * `status` as the body; test/unit/spec-calls.test.ts holds the shape).
 */
export const suggestions = endpoint({
  ...routes.suggestions,
  spec: 'Search suggestions',
  input: suggestionsRequestSchema,
  output: z.array(z.string()),
  error: actionError,
  access: 'anyone',
  limit: 'address',
  public: false,
  summary: 'Sugestões da caixa de busca',
})
