import { and, eq, not, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { lawsuits } from '~/db/schema-corpus'
import { formatCnj, isValidCnj } from '~/domain/corpus/cnj'
import { deindexedIds, spread } from '~/domain/corpus/read/across-shards.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { deindexed } from '~/domain/removal/pages.server'
import { searchCategory, searchEveryCategory } from './categories.server'
import { filterClauses, filterOptions } from './facets.server'
import { type FilterOptions, hasActiveFilters, NO_FILTERS, type SearchFilters } from './filters'
import { countColumns, type FtsTable } from './fts.server'
import { parseQuery, toMatchExpression } from './query'
import { shardFilterFor } from './shard-filter'
import { searchAcrossShards } from './shard-search.server'
import { spellingColumns } from './spelling.server'
import type { SpellingSource } from './spelling-terms.server'
import { type CategoryResults, PAGE_SIZE, type SearchCategory } from './types'

export type { CategoryResults, Result, SearchCategory } from './types'
export { PAGE_SIZE, SEARCH_CATEGORIES } from './types'

type Category = Exclude<SearchCategory, 't'>

export type SearchOutcome = {
  query: string
  category: SearchCategory
  page: number
  empty: boolean
  /** A valid CNJ number typed in the box goes straight to that lawsuit when it is public. */
  lawsuit: { href: string; title: string } | null
  sections: CategoryResults[]
  filters: SearchFilters
  options: FilterOptions
  /** On a zero-result page: the query with misspelt words corrected, if any could be. */
  spelling: string | null
  /** On a zero-result page: the other categories where the words do appear, with counts. */
  elsewhere: { category: Category; total: number }[]
}

/** The table whose vocabulary corrects a category's spelling. */
const VOCABULARY: Record<SearchCategory, SpellingSource> = {
  t: 'gazette_articles',
  p: 'people',
  i: 'companies',
  d: 'gazette_articles',
  en: 'parties',
  jr: 'decisions',
  leis: 'provisions',
}

const COUNTED: Record<Category, FtsTable[]> = {
  p: ['people'],
  i: ['companies'],
  d: ['gazette_articles'],
  en: ['parties'],
  jr: ['decisions'],
  leis: ['statutes', 'provisions'],
}

/** The search behind `/busca`, `/jurisprudencia/busca`, `/legislacao/busca` and the JSON API. */
export async function search(
  deps: { db: Database; corpus: Corpus; suggestions: KVNamespace },
  input: { q: string; category: SearchCategory; page: number; filters?: SearchFilters; today: string },
): Promise<SearchOutcome> {
  const parsed = parseQuery(input.q)
  const expression = toMatchExpression(parsed)
  const filters = input.filters ?? NO_FILTERS
  const base = {
    query: input.q.slice(0, 1000),
    category: input.category,
    page: input.page,
    lawsuit: null,
    filters,
    spelling: null,
    elsewhere: [],
  }
  const options = input.category === 't' ? {} : filterOptions(deps, input.category, filters)
  if (!expression) return { ...base, empty: true, sections: [], options: await options }
  const digits = input.q.replace(/[\s.-]/g, '')
  let lawsuit: SearchOutcome['lawsuit'] = null
  if (/^\d{20}$/.test(digits) && isValidCnj(digits)) {
    // The number names its shard (decisions/0072); a shard's own de-indexed check is the primary's.
    for (const db of await deps.corpus.shardsOf({ kind: 'processo', cnj: digits })) {
      const [row] = await db
        .select({ id: lawsuits.id, cnj: lawsuits.cnj })
        .from(lawsuits)
        .where(
          and(
            eq(lawsuits.cnj, digits),
            eq(lawsuits.secrecyLevel, 0),
            not(deindexed('processo', lawsuits.id)),
          ),
        )
        .limit(1)
      if (!row) continue
      if (db === deps.db || !(await deindexedIds(deps.db, 'processo')).includes(row.id))
        lawsuit = { href: `/processos/${formatCnj(row.cnj)}`, title: `Processo ${formatCnj(row.cnj)}` }
      break
    }
  }
  let sections: CategoryResults[]
  if (input.category === 't') {
    const categories = ['p', 'i', 'd', 'en', 'jr', 'leis'] as const
    sections = await searchEveryCategory(deps.db, categories, expression, 3)
  } else {
    const category = input.category
    const shardFilter = category === 'd' || category === 'jr' ? shardFilterFor(category, filters) : null
    const [clauses, shards] = await Promise.all([
      filterClauses(deps.db, filters, input.today, { ufPeriod: category === 'd' }),
      // Matérias and case law go to the shards their filters allow (decisions/0072); the other
      // categories still read the primary.
      shardFilter ? deps.corpus.shardsFor(shardFilter) : [deps.db],
    ])
    const offset = (input.page - 1) * PAGE_SIZE
    const refine = { clauses, order: filters.ordem }
    sections = [
      (category === 'd' || category === 'jr') && spread(deps.db, shards)
        ? await searchAcrossShards(deps.db, shards, category, expression, PAGE_SIZE, offset, {
            ...refine,
            // A shard being split is in two databases: each answers for its own ids (decisions/0077).
            owned: await Promise.all(shards.map((db) => deps.corpus.rangesOf(db, shardFilter ?? {}))),
          })
        : await searchCategory(shards[0] ?? deps.db, category, expression, PAGE_SIZE, offset, refine),
    ]
  }
  const outcome = { ...base, lawsuit, empty: false, sections, options: await options }
  if (sections.some((s) => s.total > 0)) return outcome
  return { ...outcome, ...(await helpWithNothing(deps.db, input.category, expression, parsed, filters)) }
}

async function helpWithNothing(
  db: Database,
  category: SearchCategory,
  expression: string,
  parsed: ReturnType<typeof parseQuery>,
  filters: SearchFilters,
): Promise<Pick<SearchOutcome, 'spelling' | 'elsewhere'>> {
  // With filters on, the same words in the same category may match: count them there too.
  const others = (Object.keys(COUNTED) as Category[]).filter(
    (c) => c !== category || hasActiveFilters(filters),
  )
  const tables = category === 't' ? [] : others.flatMap((c) => COUNTED[c])
  // The spelling and the counts elsewhere in one statement: one D1 round trip after the search.
  const spelling = spellingColumns(VOCABULARY[category], parsed)
  const columns = [...countColumns(tables, expression), ...spelling.columns]
  const [row] = columns.length
    ? await db.all<Record<string, unknown>>(sql`SELECT ${sql.join(columns, sql`, `)}`)
    : []
  const counts = tables.map((_, i) => Number(row?.[`c${i}`] ?? 0))
  const byTable = new Map(tables.map((table, i) => [table, counts[i] ?? 0]))
  const elsewhere = others
    .map((c) => ({
      category: c,
      total: COUNTED[c].reduce((sum, table) => sum + (byTable.get(table) ?? 0), 0),
    }))
    .filter((c) => c.total > 0)
  return { spelling: spelling.read(row), elsewhere: category === 't' ? [] : elsewhere }
}
