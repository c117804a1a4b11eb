import { z } from '~/schemas/zod'
import { withoutForbidden } from './text'

/** Body of `POST /api/v2/busca/sugestoes` (spec §7). Long input is cut, never an error. */
export const suggestionsRequestSchema = z.object({
  termo: z
    .string()
    .catch('')
    .transform((value) => withoutForbidden(value.slice(0, 200))),
})

/**
 * `GET /api/v2/busca` (the site's own JSON search, not the open API): the results page's own URL
 * parameters (`q`, `qo`, `page`, the filters; a repeated name is a list), read as that page reads
 * them. Nothing is refused: an unknown value falls back, as on the page (spec §2).
 */
export const siteSearchSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]))

/** The health probe asks for nothing. */
export const healthSchema = z.object({})
