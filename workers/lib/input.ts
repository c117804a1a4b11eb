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
    else if (type.includes('form')) raw = formToObject(await c.req.formData())
    else raw = {}
  } catch {
    throw new InvalidInput([])
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw new InvalidInput(parsed.error.issues.map((issue) => issue.message))
  return parsed.data
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
/** More fields than any of the product's forms has; a bigger body is refused as invalid. */
const MAX_FIELDS = 500

/**
 * Form fields as an object. Plain names keep `Object.fromEntries` semantics (the last value
 * wins); `name[]` collects every value in an array under `name` (`cidades_ids[]`, `servicos[]`);
 * `name[a][b]` nests objects (`telefones[{guid}][numero]`). Files under bracketed names are
 * ignored; prototype keys are refused.
 */
export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  let fields = 0
  for (const [key, value] of form) {
    if (++fields > MAX_FIELDS) throw new InvalidInput([])
    const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key)
    if (!match) {
      if (!UNSAFE_KEYS.has(key)) out[key] = value
      continue
    }
    if (typeof value !== 'string') continue
    const head = match[1] as string
    const path = [...(match[2] as string).matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)
    if ([head, ...path].some((part) => UNSAFE_KEYS.has(part))) throw new InvalidInput([])
    let target: Record<string, unknown> = out
    let name = head
    for (const part of path) {
      if (part === '') {
        const list = Array.isArray(target[name]) ? (target[name] as unknown[]) : []
        target[name] = list
        list.push(value)
        name = ''
        break
      }
      const next = target[name]
      const child =
        next && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : {}
      target[name] = child
      target = child
      name = part
    }
    if (name !== '') target[name] = value
  }
  return out
}
