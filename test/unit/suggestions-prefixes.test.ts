import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { lawsuits } from '~/db/schema-corpus'
import { buildCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { rebuildSuggestions, suggest } from '~/domain/suggestions/suggestions.server'
import { deps } from './helpers'

/**
 * Issue 28 §4: every prefix from 3 characters on finds the names that start with it, typed with
 * or without accents, even where a short prefix is crowded by many heavier names.
 */
let serial = 0
const db = () => deps().db

/** People named `names`, each a party in one lawsuit `weight` times (its suggestion weight). */
async function people(names: string[], weight = 0) {
  serial += 1
  const tag = `pfx${serial}-${Date.now().toString(36)}`
  const rows = names.map((name, i) => [name, `${tag}-${i}`])
  await db().run(sql`INSERT INTO people (name, slug)
    SELECT value ->> 0, value ->> 1 FROM json_each(${JSON.stringify(rows)})`)
  for (let round = 0; round < weight; round++) {
    const [suit] = await db()
      .insert(lawsuits)
      .values({
        cnj: buildCnj(80000 + serial * 10 + round, 2024, 8, 26, 100),
        court: 'TJSP',
        source: 'teste',
      })
      .returning()
    if (!suit) throw new Error('lawsuit not inserted')
    await db().run(sql`INSERT INTO parties (lawsuit_id, pole, name, person_id)
      SELECT ${suit.id}, 'ativo', name, id FROM people WHERE slug LIKE ${`${tag}-%`}`)
  }
}

/** Members (registered users) named `names`: they are listed before corpus names. */
async function members(names: string[]) {
  serial += 1
  const tag = `m${serial}${Date.now().toString(36)}`
  const rows = names.map((name, i) => [name, `${tag}x${i}`])
  await db().run(sql`INSERT INTO users (subdomain, email, name, kind, headline)
    SELECT value ->> 1, value ->> 1 || '@exemplo.invalid', value ->> 0, 'profissional', 'Advogada'
    FROM json_each(${JSON.stringify(rows)})`)
}

const many = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${first} ${String.fromCharCode(65 + (i % 26))}${i} Sobrenome`)

/** Rebuilds until nothing is pending, as the cron does over its runs. */
async function rebuild() {
  const suggestionDeps = { ...deps(), suggestions: env.SUGGESTIONS }
  let report = await rebuildSuggestions(suggestionDeps)
  for (let run = 0; run < 20 && (report.pending > 0 || !report.caughtUp); run++)
    report = await rebuildSuggestions(suggestionDeps)
  return report
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

async function expectSuggests(typed: string, name: string) {
  const list = await suggest(deps(), typed)
  expect(list, typed).toContain(name)
  for (const entry of list) expect(folded(entry).startsWith(folded(typed).trim()), entry).toBe(true)
}

describe('suggestions for every prefix (issue 28 §4)', () => {
  it('"mari" and "maria" find the Marias although "mar" is full of heavier Marcelos', async () => {
    await people(many('Marcelo', 60), 2)
    await people(['Maria Auxiliadora Tenório', 'Maria José Quintela', 'Mariana Brito Falcão'])
    await rebuild()
    expect(await suggest(deps(), 'mar')).toHaveLength(10)
    await expectSuggests('mari', 'Maria Auxiliadora Tenório')
    await expectSuggests('mari', 'Mariana Brito Falcão')
    await expectSuggests('maria', 'Maria José Quintela')
    await expectSuggests('MARIA', 'Maria Auxiliadora Tenório')
    await expectSuggests('maria', 'Mariana Brito Falcão')
  })

  it('"joao" and "jose" typed without accents find João and José, the whole word first', async () => {
    await members(many('Joana', 60))
    await people(many('Josefa', 60), 1)
    await people(['João Batista Serafim', 'José Carlos Menezes'])
    await rebuild()
    await expectSuggests('joao', 'João Batista Serafim')
    await expectSuggests('JOÃO', 'João Batista Serafim')
    await expectSuggests('jose', 'José Carlos Menezes')
    // "jose" is a whole word of José Carlos, only the start of Josefa: José comes first.
    expect((await suggest(deps(), 'jose'))[0]).toBe('José Carlos Menezes')
    await expectSuggests('jose carlos', 'José Carlos Menezes')
  })

  it('finds a name from a 12-character prefix, with or without accents, in any case', async () => {
    await people(many('Marcelo', 60), 2)
    await people(['Maria Auxiliadora Tenório', 'Maria Auxerre Pontes'])
    await rebuild()
    for (const typed of ['maria auxili', 'MARIA AUXÍLI', 'Maria Auxili'])
      expect(await suggest(deps(), typed), typed).toEqual(['Maria Auxiliadora Tenório'])
    // From 4 characters on ("mar" is the Marcelos' list: they are heavier).
    for (let length = 4; length <= 12; length++) {
      await expectSuggests('Maria Auxiliadora Tenório'.slice(0, length), 'Maria Auxiliadora Tenório')
    }
  })

  it('a member is suggested by any prefix, and no longer once the account is merged into another', async () => {
    await members(['Quirina Valdetaro Sampaio', 'Quirino Valdetaro Sampaio'])
    await rebuild()
    for (const typed of ['quirina', 'QUIRINA VALD', 'quir'])
      await expectSuggests(typed, 'Quirina Valdetaro Sampaio')
    await db().run(sql`UPDATE users SET merged_into_id = (SELECT id FROM users WHERE name = 'Quirino Valdetaro Sampaio')
      WHERE name = 'Quirina Valdetaro Sampaio'`)
    await rebuild()
    for (const typed of ['quirina', 'QUIRINA VALD', 'quir'])
      expect(await suggest(deps(), typed), typed).not.toContain('Quirina Valdetaro Sampaio')
    await expectSuggests('quir', 'Quirino Valdetaro Sampaio')
  })

  it('a party of a newly imported lawsuit is suggestible after the next refresh', async () => {
    await people(many('Marcelo', 60), 2)
    await rebuild()
    expect(await suggest(deps(), 'marilda')).toEqual([])
    await upsertLawsuits(db(), [
      {
        cnj: buildCnj(91234, 2025, 8, 26, 100),
        court: 'TJSP',
        secrecyLevel: 0,
        source: 'datajud',
        subjects: [],
        parties: [{ pole: 'passivo', name: 'Marilda Fagundes Serrano', lawyers: [] }],
        movements: [],
      },
    ])
    await rebuild()
    await expectSuggests('maril', 'Marilda Fagundes Serrano')
    await expectSuggests('marilda fagu', 'Marilda Fagundes Serrano')
  })
})
