import { describe, expect, it } from 'vitest'
import { sensitiveCodes } from '~/db/schema-privacy'
import { CIVIL_CLASSES, CRIMINAL_CLASSES, LABOUR_CLASSES, SUBJECTS } from '~/fixtures/corpus/vocab'
import { deps } from './helpers'

// Issue 30: the demo's TPU codes carry the names the CNJ table gives them, so the sensitive list
// (decisions/0064, whose rows keep the table's names) masks the demo's family cases and nothing
// labelled otherwise ("Inventário" was 1690, ação civil pública da infância e juventude).

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

describe('the demo corpus labels', () => {
  it('a listed code in the demo has the name the list gives it; the family labels are listed', async () => {
    const listed = await deps().db.select().from(sensitiveCodes)
    const byKey = new Map(listed.map((row) => [`${row.kind}:${row.code}`, row.name]))
    const demo = [
      ...[...CIVIL_CLASSES, ...CRIMINAL_CLASSES, ...LABOUR_CLASSES].map(([code, name]) => ({
        key: `classe:${code}`,
        name,
      })),
      ...SUBJECTS.map(([code, name]) => ({ key: `assunto:${code}`, name })),
    ]
    const wrong = demo.filter(({ key, name }) => byKey.has(key) && fold(byKey.get(key) ?? '') !== fold(name))
    expect(wrong).toEqual([])
    for (const family of ['Divórcio Litigioso', 'Alimentos', 'Guarda'])
      expect(demo.find(({ name }) => name === family)?.key, family).toSatisfy((key: string) => byKey.has(key))
    expect(demo.find(({ name }) => name === 'Inventário')?.key).toSatisfy((key: string) => !byKey.has(key))
  })
})
