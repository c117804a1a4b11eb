import { validator } from 'hono/validator'
import type { z } from 'zod'
import { readInput } from './input'

/**
 * The one input check of every mutation: the form's shared zod schema (the browser validates
 * with the same object). JSON, urlencoded or multipart bodies are read alike; the route then reads
 * `c.req.valid('form')`. Bad input throws InvalidInput (422 with each field's message).
 */
export const validate = <S extends z.ZodType>(schema: S) =>
  validator('form', async (_value, c): Promise<z.infer<S>> => readInput(c, schema))
