import { describe, expect, it } from 'vitest'
import { z } from '~/schemas/zod'
import { englishIn } from './english'

/**
 * Issue 27, items 9 and 10: every exported zod schema of app/schemas/ (found by listing the
 * folder, so a new schema is walked without touching this file), fed bad input of every kind.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../app/schemas/*.ts', { eager: true })

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.replace(/^.*\//, '')} ${name}`, schema })),
)

/** The object under preprocess/pipe/refine wrappers, or null for a schema that is not one. */
function objectOf(schema: z.ZodType): z.ZodObject | null {
  let current: z.ZodType = schema
  for (let depth = 0; depth < 5; depth++) {
    if (current instanceof z.ZodObject) return current
    if (current instanceof z.ZodPipe) current = current.in as z.ZodType
    else return null
  }
  return null
}

const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'x'.repeat(20_000),
  -1,
  0,
  1.5,
  Number.MAX_VALUE,
  true,
  {},
  { a: 1 },
  [],
  [-1],
  ['a', 'b'],
  Array.from({ length: 5000 }, (_, i) => i),
  'a\u0000b',
  'Nome\u202Eetset',
  'Nome\r\nBcc: x@exemplo.invalid',
]

/** Fields where any character is fine: secrets never shown, and the search box (cleaned). */
const ANY_CHARACTER = new Set(['senha', 'nova_senha', 'nova_senha_confirmation', 'termo@search.ts'])
/** The flash cookie is written by the server, never typed. */
const NOT_TYPED = /^flash\.ts /

describe('every schema speaks Portuguese (issue 27 item 10)', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(25)
    expect(schemas.map((s) => s.name)).toContain('table.ts deleteItemsSchema')
  })

  it('answers no English message to any bad input, whole or field by field', () => {
    const english: string[] = []
    const check = (name: string, input: unknown, schema: z.ZodType) => {
      const parsed = schema.safeParse(input)
      if (parsed.success) return
      for (const issue of parsed.error.issues) {
        const word = englishIn(issue.message)
        if (word) english.push(`${name} ${JSON.stringify(input)?.slice(0, 60)}: ${issue.message}`)
      }
    }
    for (const { name, schema } of schemas) {
      for (const value of BAD_VALUES) check(name, value, schema)
      const object = objectOf(schema)
      if (!object) continue
      for (const key of Object.keys(object.shape)) {
        for (const value of BAD_VALUES) {
          check(name, { [key]: value }, schema)
          // The same value in every field at once (the probe's "wrong types everywhere").
          check(name, Object.fromEntries(Object.keys(object.shape).map((k) => [k, value])), schema)
        }
      }
    }
    expect([...new Set(english)]).toEqual([])
  })

  it('gives the "Seguindo" bulk delete a Portuguese message for a negative id', () => {
    const { deleteItemsSchema } = modules['../../app/schemas/table.ts'] as { deleteItemsSchema: z.ZodType }
    const parsed = deleteItemsSchema.safeParse({ itens: [-1] })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(
      'Um dos itens selecionados não existe. Recarregue a página e tente novamente.',
    )
  })
})

describe('no typed field takes control or direction-override characters (issue 27 item 9)', () => {
  it('refuses NUL, CR/LF, ESC, C1 and the bidi overrides, isolates and marks in every one-line field', () => {
    const accepted: string[] = []
    for (const { name, schema } of schemas) {
      const object = objectOf(schema)
      if (!object || NOT_TYPED.test(name)) continue
      for (const key of Object.keys(object.shape)) {
        if (ANY_CHARACTER.has(key) || ANY_CHARACTER.has(`${key}@${name.split(' ')[0]}`)) continue
        for (const bad of [
          '\u0000',
          '\r\n',
          '\u001b',
          '\u0085',
          '\u202E',
          '\u202A',
          '\u2066',
          '\u2069',
          '\u200F',
        ]) {
          // Texts of several lines; a removal request's `paginas` is one address a line.
          const multiline = key === 'conteudo' || key === 'motivo' || key === 'paginas'
          if (multiline && ['\r\n', '\u200F'].includes(bad)) continue
          const parsed = schema.safeParse({ [key]: `Ana${bad}Souza 123` })
          const refused = !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === key)
          if (!refused) accepted.push(`${name}.${key} takes U+${bad.codePointAt(0)?.toString(16)}`)
        }
      }
    }
    expect(accepted).toEqual([])
  })

  it('says which field and why, in Portuguese', () => {
    const { signupSchema } = modules['../../app/schemas/auth.ts'] as { signupSchema: z.ZodType }
    const parsed = signupSchema.safeParse({ nome: 'Ana\u202Eazuos' })
    const issue = parsed.error?.issues.find((i) => i.path[0] === 'nome')
    expect(issue?.message).toBe(
      'Remova os caracteres invisíveis ou de controle (como quebras de linha) deste campo.',
    )
  })

  it('keeps line breaks, tabs and the direction marks in multi-line texts', () => {
    const { commentSchema } = modules['../../app/schemas/articles.ts'] as { commentSchema: z.ZodType }
    expect(
      commentSchema.safeParse({ conteudo: 'Primeira linha\r\n\tSegunda: \u200Fשלום\u200E' }).success,
    ).toBe(true)
    expect(commentSchema.safeParse({ conteudo: 'Texto \u202Eoirártnoc' }).success).toBe(false)
  })
})
