import type { Context } from 'hono'
import type { z } from 'zod'
import { DomainError } from '~/domain/errors'
import { InvalidFields } from '~/domain/open-api/invalid-fields'
import { type MessageKey, t } from '~/i18n/pt-BR'
import { formToObject as readFormFields } from '~/lib/form-object'
import { wellFormed } from '~/lib/well-formed'
import type { AppEnv } from '../env'

/** A 422 carrying the schema's own (Portuguese) messages, and each field's first message. */
export class InvalidInput extends DomainError {
  readonly messages: string[]
  readonly fields: Record<string, string>
  constructor(messages: string[], fields: Record<string, string> = {}) {
    super('api.invalidInput', 422)
    this.messages = messages.length ? [...new Set(messages)] : [t('api.invalidInput')]
    this.fields = fields
    this.message = this.messages.join('\n')
  }
}

/**
 * zod issues → the messages, and the first message per field: under its top-level name and, for
 * a nested one, also under the input's own bracketed name (`telefones[{guid}][numero]`), so the
 * form shows it at that input (issue 28 §5).
 */
export function invalidInput(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const [name, ...rest] = issue.path
    if (typeof name !== 'string') continue
    if (!(name in fields)) fields[name] = issue.message
    if (rest.length && rest.every((part) => typeof part === 'string' || typeof part === 'number')) {
      const input = `${name}${rest.map((part) => `[${String(part)}]`).join('')}`
      if (!(input in fields)) fields[input] = issue.message
    }
  }
  return new InvalidInput(
    issues.map((issue) => issue.message),
    fields,
  )
}

/**
 * Reads a request body the way the product's forms send it (JSON, urlencoded or multipart) and
 * parses it with the same zod schema the browser uses. Bad input is a 422, never a 500.
 */
export async function readInput<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  // Half a UTF-16 character (JSON's "\udfff") becomes U+FFFD before anything reads it.
  const raw = wellFormed(await readBody(c))
  c.set('rawInput', raw)
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw invalidInput(parsed.error.issues)
  return parsed.data
}

/**
 * The body as the product's forms send it. No body (and no content type) reads as empty, so the
 * schema decides; a content type no form sends is a 415, never a 500.
 */
async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type === 'application/json') {
    try {
      const value: unknown = await c.req.json()
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
    } catch {
      // Falls through to the same 422 as a body that is not an object.
    }
    throw new InvalidInput([])
  }
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    try {
      return formToObject(await c.req.formData())
    } catch (error) {
      if (error instanceof InvalidInput) throw error
      throw new InvalidInput([])
    }
  }
  if (type === '') return {}
  throw new DomainError('api.unsupportedType', 415)
}

/** Form fields as an object (app/lib/form-object.ts); a body no form sends is a 422. */
export function formToObject(form: FormData): Record<string, unknown> {
  const fields = readFormFields(form)
  if (!fields) throw new InvalidInput([])
  return fields
}

/** Each field's message of an error: the schema's, or the one field a domain rule is about. */
export function fieldMessages(error: DomainError): Record<string, string> | undefined {
  if (error instanceof InvalidInput || error instanceof InvalidFields) return error.fields
  return error.field ? { [error.field]: error.message } : undefined
}

/** A positive integer id from the path; anything else is the 404 `key` names, never a 500. */
export function idParam(raw: string, key: MessageKey): number {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError(key, 404)
  return id
}
