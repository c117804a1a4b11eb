import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { AnyEndpoint } from '~/api/endpoint'
import { endpoints } from '~/api/endpoints'
import { wellFormed } from '~/lib/well-formed'
import type { z } from '~/schemas/zod'
import { grantRole } from './claims-helpers'
import { BASE, createUser, ORIGIN, sessionCookie } from './helpers'
import { apiKey } from './open-api-helpers'

// Issue 38 §6: a lone UTF-16 surrogate ("abc\udfff", which JSON can spell and UTF-8 cannot) made
// the suggestions a 500 (KV refused the key). Any text a person can send is a 4xx or an answer:
// every text input of every endpoint of the registry gets one, alone and all at once.

const LONE = ['abc\udfff', '\ud800', 'x\udbff\udbffy', '\udc00\ud800']

type Def = z.core.$ZodTypeDef & Record<string, unknown>
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def

/** A value for `schema` whose every text is `text`, or undefined where it holds no text. */
function hostile(schema: unknown, text: string, depth = 0): unknown {
  if (depth > 8) return undefined
  const def = defOf(schema)
  const inner = (key: string) => hostile(def[key], text, depth + 1)
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
    case 'template_literal':
      return text
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType')
    case 'pipe':
      return inner('in') ?? inner('out')
    case 'lazy':
      return hostile((def.getter as () => unknown)(), text, depth + 1)
    case 'array': {
      const item = inner('element')
      return item === undefined ? undefined : [item]
    }
    case 'union': {
      for (const option of def.options as unknown[]) {
        const value = hostile(option, text, depth + 1)
        if (value !== undefined) return value
      }
      return undefined
    }
    case 'record': {
      const value = inner('valueType')
      return value === undefined ? undefined : { [text]: value }
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>)
          .map(([key, field]) => [key, hostile(field, text, depth + 1)])
          .filter(([, value]) => value !== undefined),
      )
    default:
      return undefined
  }
}

/** All texts hostile at once, then each top-level text alone over the declaration's example. */
function inputsOf(def: AnyEndpoint): Record<string, unknown>[] {
  const inputs: Record<string, unknown>[] = []
  for (const text of LONE) {
    const all = hostile(def.input, text)
    if (!all || typeof all !== 'object' || Array.isArray(all)) continue
    inputs.push(all as Record<string, unknown>)
    if (text !== LONE[0]) continue
    for (const [key, value] of Object.entries(all))
      inputs.push({ ...((def.example as Record<string, unknown>) ?? {}), [key]: value })
  }
  return inputs
}

let address = Math.floor(Math.random() * 200)
const nextAddress = () => `10.61.${Math.floor(++address / 250) % 250}.${address % 250}`

/** The call as the site makes it: a POST's JSON body, a GET's query (where UTF-8 replaces them). */
function call(def: AnyEndpoint, input: Record<string, unknown>, headers: Record<string, string>) {
  const path = def.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(wellFormed(String(input[name] ?? '1'))),
  )
  const common = { ...ORIGIN, Accept: 'application/json', 'cf-connecting-ip': nextAddress(), ...headers }
  if (def.method === 'get') {
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(input))
      for (const item of Array.isArray(value) ? value : [value]) query.append(name, wellFormed(String(item)))
    return SELF.fetch(`${BASE}${path}?${query}`, { headers: common })
  }
  return SELF.fetch(`${BASE}${path}${def.inputFrom === 'query' ? '?t=abc' : ''}`, {
    method: 'POST',
    headers: { ...common, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
    redirect: 'manual',
  })
}

/** Who calls: its own user (a reviewer) or key per endpoint, so no limit stops the probe early. */
async function caller(def: AnyEndpoint): Promise<Record<string, string>> {
  if (def.access === 'anyone') return {}
  if (def.access === 'apiKey') return { Authorization: `Bearer ${(await apiKey()).key}` }
  const user = await createUser({ emailConfirmedAt: Date.now() })
  await grantRole(user.id)
  return { Cookie: await sessionCookie(user.id) }
}

describe('lone surrogates in every text input (issue 38 §6)', () => {
  it('suggestions answer (200), not a 500', async () => {
    for (const termo of LONE) {
      const response = await call(endpoints.suggestions, { termo }, {})
      expect(response.status, JSON.stringify(termo)).toBe(200)
    }
  })

  it('no endpoint of the registry answers 5xx to one', { timeout: 240_000 }, async () => {
    const failures: string[] = []
    for (const def of Object.values(endpoints as Record<string, AnyEndpoint>)) {
      if (def.access === 'dev') continue
      const headers = await caller(def)
      const inputs = inputsOf(def)
      // A few at a time: the machine is shared.
      for (let i = 0; i < inputs.length; i += 4) {
        const answers = await Promise.all(
          inputs.slice(i, i + 4).map(async (input) => {
            const response = await call(def, input, headers)
            const text = await response.text()
            return response.status >= 500
              ? `${def.id} ${JSON.stringify(input).slice(0, 120)} → ${response.status} ${text.slice(0, 120)}`
              : null
          }),
        )
        failures.push(...(answers.filter(Boolean) as string[]))
      }
    }
    expect(failures).toEqual([])
  })
})
