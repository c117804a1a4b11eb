import { trackEventSchema } from '~/schemas/events'
import { shareCountSchema, shareSchema } from '~/schemas/shares'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

/** The product's own share count (spec §1): one POST per share click, a GET for the total. */
const total = actionSuccess({ total: z.number().int().nonnegative() })

export const shareCount = endpoint({
  ...routes.shareCount,
  input: shareCountSchema,
  output: total,
  error: actionError,
  access: 'anyone',
  limit: 'none',
  public: false,
  summary: 'Quantas vezes uma página foi compartilhada',
})

export const shareRecord = endpoint({
  ...routes.shareRecord,
  input: shareSchema,
  output: total,
  error: actionError,
  access: 'anyone',
  limit: 'address',
  public: false,
  summary: 'Contar um compartilhamento de uma página',
})

/**
 * First-party click analytics (spec §1, §7): the browser beacons here. The answer is a 204
 * without a body (a beacon reads nothing), hence the null output.
 */
export const trackEvent = endpoint({
  ...routes.trackEvent,
  input: trackEventSchema,
  output: z.null(),
  error: actionError,
  access: 'anyone',
  limit: 'address',
  public: false,
  summary: 'Registrar um clique (análise própria)',
})
