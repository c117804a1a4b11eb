import { text as lineText } from '~/schemas/text'
import { z } from '~/schemas/zod'
import { sourceRoutes as routes } from '../area-routes/sources'
import { actionError, actionSuccess, endpoint } from '../endpoint'

/** "Tentar de novo" on a dead letter of the public sources (issue 40, decisions/0100): reviewers only. */
export const sourceRetry = endpoint({
  ...routes.sourceRetry,
  // The job's id from the path: anything but a positive integer is "not found" (404).
  input: z.object({ id: lineText() }),
  output: actionSuccess({
    redirect_url: z.string(),
    trabalho: z.object({ id: z.number().int().positive() }),
  }),
  error: actionError,
  access: 'reviewer',
  limit: 'api',
  limitScope: 'revisao',
  public: false,
  summary: 'Tentar de novo um trabalho de busca que falhou',
})
