import { z } from '~/schemas/zod'
import { withoutForbidden } from './text'

/** Body of `POST /api/v2/busca/sugestoes` (spec §7). Long input is cut, never an error. */
export const suggestionsRequestSchema = z.object({
  termo: z
    .string()
    .catch('')
    .transform((value) => withoutForbidden(value.slice(0, 200))),
})
