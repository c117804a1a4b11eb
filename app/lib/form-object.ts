// One reading of a form's fields for the browser (LightForm's check before sending) and the
// server (workers/lib/input.ts), so what a form shows is what both sides see (issue 28 §1).

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
/** More fields than any of the product's forms has; a bigger body is refused as invalid. */
export const MAX_FORM_FIELDS = 500

/**
 * Form fields as an object, or null for a body no form sends (too many fields, a prototype key).
 * A plain name sent once is its value; sent more than once (a checkbox group, a multi-select:
 * `fontes=diarios&fontes=djen`) it is every value in order, never only the last. `name[]`
 * always collects an array (`cidades_ids[]`, `servicos[]`); `name[a][b]` nests objects
 * (`telefones[{guid}][numero]`). Files under bracketed names are ignored.
 */
export function formToObject(
  entries: Iterable<[string, FormDataEntryValue]>,
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {}
  const repeated = new Set<string>()
  let fields = 0
  for (const [key, value] of entries) {
    if (++fields > MAX_FORM_FIELDS) return null
    const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(key)
    if (!match) {
      if (UNSAFE_KEYS.has(key)) continue
      if (!Object.hasOwn(out, key)) out[key] = value
      else if (repeated.has(key)) (out[key] as unknown[]).push(value)
      else {
        out[key] = [out[key], value]
        repeated.add(key)
      }
      continue
    }
    if (typeof value !== 'string') continue
    const head = match[1] as string
    const path = [...(match[2] as string).matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)
    if ([head, ...path].some((part) => UNSAFE_KEYS.has(part))) return null
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
