import { suspensionAddSchema } from '~/schemas/deadlines'
import { z } from '~/schemas/zod'
import { deadlineRoutes as routes } from '../area-routes/deadlines'
import { actionError, actionSuccess, endpoint } from '../endpoint'

// A court's declared suspension, with its source (issue 41, decisions/0102): reviewers only.
export const suspensionAdd = endpoint({
  ...routes.suspensionAdd,
  input: suspensionAddSchema,
  output: actionSuccess({ id: z.number().int().positive() }),
  error: actionError,
  access: 'reviewer',
  limit: 'api',
  limitScope: 'revisao-suspensao',
  public: false,
  summary: 'Registrar uma suspensão de prazos ou de expediente declarada por um tribunal',
})
