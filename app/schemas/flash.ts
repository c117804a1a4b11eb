import { z } from '~/schemas/zod'

/**
 * The result of a plain form post (no JavaScript), carried for one page load in a short-lived
 * cookie: the notice to show, or the errors with each field's message and what was typed (never
 * passwords), so the form is drawn again as it was sent.
 */
/**
 * What was typed, as the form sent it (read with `formToObject`): a string, every value of a
 * multi-value field (`cidades_ids[]`, a checkbox group), or a nested row (`telefones[{guid}]`).
 */
export type FlashValue = string | string[] | { [key: string]: FlashValue }
const flashValue: z.ZodType<FlashValue> = z.lazy(() =>
  z.union([
    z.string().max(2000),
    z.array(z.string().max(2000)).max(100),
    z.record(z.string().max(100), flashValue),
  ]),
)

export const flashSchema = z.object({
  kind: z.enum(['notice', 'error']),
  message: z.string().max(500).optional(),
  errors: z.array(z.string().max(500)).max(20).optional(),
  /** The form's action path: only that form takes the field errors and values. */
  form: z.string().max(200).optional(),
  fields: z.record(z.string().max(100), z.string().max(500)).optional(),
  values: z.record(z.string().max(100), flashValue).optional(),
})
export type Flash = z.infer<typeof flashSchema>
