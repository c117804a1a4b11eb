import type { Context } from 'hono'
import type { z } from 'zod'
import { DomainError } from '~/domain/errors'
import { t } from '~/i18n/pt-BR'
import type { AppEnv } from '../env'

/** A 422 carrying the schema's own (Portuguese) messages. */
export class InvalidInput extends DomainError {
  readonly messages: string[]
  constructor(messages: string[]) {
    super('api.invalidInput', 422)
    this.messages = messages.length ? messages : [t('api.invalidInput')]
    this.message = this.messages.join('\n')
  }
}

/**
 * Reads a request body the way the product's forms send it (JSON, urlencoded or multipart) and
 * parses it with the same zod schema the browser uses. Bad input is a 422, never a 500.
 */
export async function readInput<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? ''
  let raw: unknown
  try {
    if (type.includes('application/json')) raw = await c.req.json()
    else if (type.includes('form')) raw = Object.fromEntries(await c.req.formData())
    else raw = {}
  } catch {
    throw new InvalidInput([])
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new InvalidInput(parsed.error.issues.map((issue) => issue.message))
  return parsed.data
}
