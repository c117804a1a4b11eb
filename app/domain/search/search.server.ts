import { and, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { lawsuits } from '~/db/schema-corpus'
import { formatCnj, isValidCnj } from '~/domain/corpus/cnj'
import { searchCategory } from './categories.server'
import { parseQuery, toMatchExpression } from './query'
import { type CategoryResults, PAGE_SIZE, type SearchCategory } from './types'

export type { CategoryResults, Result, SearchCategory } from './types'
export { PAGE_SIZE, SEARCH_CATEGORIES } from './types'

export type SearchOutcome = {
  query: string
  category: SearchCategory
  page: number
  empty: boolean
  /** A valid CNJ number typed in the box goes straight to that lawsuit when it is public. */
  lawsuit: { href: string; title: string } | null
  sections: CategoryResults[]
}

/** The search behind `/busca`, `/jurisprudencia/busca` and `/legislacao/busca`. */
export async function search(
  deps: { db: Database },
  input: { q: string; category: SearchCategory; page: number },
): Promise<SearchOutcome> {
  const parsed = parseQuery(input.q)
  const expression = toMatchExpression(parsed)
  const base = { query: input.q.slice(0, 1000), category: input.category, page: input.page, lawsuit: null }
  if (!expression) return { ...base, empty: true, sections: [] }
  const digits = input.q.replace(/[\s.-]/g, '')
  let lawsuit: SearchOutcome['lawsuit'] = null
  if (/^\d{20}$/.test(digits) && isValidCnj(digits)) {
    const [row] = await deps.db
      .select({ cnj: lawsuits.cnj })
      .from(lawsuits)
      .where(and(eq(lawsuits.cnj, digits), eq(lawsuits.secrecyLevel, 0)))
      .limit(1)
    if (row) lawsuit = { href: `/processos/${formatCnj(row.cnj)}`, title: `Processo ${formatCnj(row.cnj)}` }
  }
  if (input.category === 't') {
    const categories = ['p', 'i', 'd', 'en', 'jr', 'leis'] as const
    const sections = await Promise.all(categories.map((c) => searchCategory(deps.db, c, expression, 3, 0)))
    return { ...base, lawsuit, empty: false, sections }
  }
  const offset = (input.page - 1) * PAGE_SIZE
  return {
    ...base,
    lawsuit,
    empty: false,
    sections: [await searchCategory(deps.db, input.category, expression, PAGE_SIZE, offset)],
  }
}
