import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { lawsuits } from '~/db/schema-corpus'
import { formatCnj, isValidCnj } from '~/domain/corpus/cnj'
import { CATEGORY_KIND, KINDS } from '~/domain/corpus/kinds'
import { deindexedIds } from '~/domain/corpus/read/across-shards.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { lawsuitPath } from '~/lib/paths'
import { searchCategoryWith } from './categories.server'
import type { Clock } from './count-on.server'
import { decodeSearchCursor, neighbourCursors } from './cursor'
import { filterClauses, filterOptions } from './facets.server'
import { type FilterOptions, hasActiveFilters, NO_FILTERS, type SearchFilters } from './filters'
import { COUNT_CAP, countColumns, type FtsTable } from './fts.server'
import { lawsuitCount } from './lawsuit-count.server'
import { ownedRows } from './owned.server'
import { parseQuery, toMatchExpression } from './query'
import { shardFilterFor, TABLE_FAMILIES } from './shard-filter'
import { onceUnlisted } from './shard-rows.server'
import { finderFor, type KeyHolder } from './shard-search.server'
import { spellingColumns, suggestionFinds } from './spelling.server'
import type { SpellingSource } from './spelling-terms.server'
import { type CategoryResults, PAGE_SIZE, SEARCH_CATEGORIES, type SearchCategory } from './types'

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
  /**
   * The next page's cursor when the category's documents are in shards (decisions/0076): the
   * next page starts after this page's last row, so no shard sends the rows before it.
   */
  next: string | null
  /** The previous page's cursor, from the trail the cursor of this page carried (decisions/0083). */
  previous: string | null
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

/** The categories "Tudo" shows, in their order, and the FTS tables each counts: its kind's. */
const CATEGORIES = SEARCH_CATEGORIES.filter((c): c is Category => c !== 't')
const COUNTED = Object.fromEntries(
  CATEGORIES.map((c) => [c, Object.keys(KINDS[CATEGORY_KIND[c]].fts) as FtsTable[]]),
) as Record<Category, FtsTable[]>

/** The search behind `/busca`, `/jurisprudencia/busca`, `/legislacao/busca` and the JSON API. */
export async function search(
  deps: { db: Database; corpus: Corpus; suggestions: KVNamespace; clock?: Clock },
  input: {
    q: string
    category: SearchCategory
    page: number
    filters?: SearchFilters
    today: string
    /** The cursor of the page before (`next`): ignored when it is not this query's and page's. */
    cursor?: string | null
  },
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
    next: null,
    previous: null,
  }
  const options = input.category === 't' ? {} : filterOptions(deps, input.category, filters)
  if (!expression) return { ...base, empty: true, sections: [], options: await options }
  const digits = input.q.replace(/[\s.-]/g, '')
  let lawsuit: SearchOutcome['lawsuit'] = null
  if (/^\d{20}$/.test(digits) && isValidCnj(digits)) {
    // The number names its shard (decisions/0072); whether it is de-indexed, the primary's list.
    for (const db of await deps.corpus.shardsOf({ kind: 'processo', cnj: digits })) {
      const [row] = await db
        .select({ id: lawsuits.id, cnj: lawsuits.cnj })
        .from(lawsuits)
        .where(and(eq(lawsuits.cnj, digits), eq(lawsuits.secrecyLevel, 0)))
        .limit(1)
      if (!row) continue
      if (!(await deindexedIds(deps.db, 'processo')).includes(row.id))
        lawsuit = { href: lawsuitPath(row.cnj), title: `Processo ${formatCnj(row.cnj)}` }
      break
    }
  }
  let sections: CategoryResults[]
  let next: string | null = null
  let previous: string | null = null
  // Each category goes to the shards its filters allow (decisions/0072, 0076); the primary's
  // de-indexed pages are read once, only when some category reads another database.
  const unlisted = onceUnlisted(deps.db)
  if (input.category === 't') {
    const shards = await Promise.all(
      CATEGORIES.map((c) => deps.corpus.shardsFor(shardFilterFor(c, NO_FILTERS))),
    )
    const lawsuits = lawsuitCount(deps, shards[CATEGORIES.indexOf('en')] ?? [], expression, [], unlisted)
    const found = await Promise.all(
      CATEGORIES.map((c, i) =>
        searchCategoryWith(finderFor(deps, shards[i] ?? [], shards[i] ?? [], unlisted), c, expression, 3, 0),
      ),
    )
    const counted = await lawsuits
    sections = found.map((section) => withLawsuitCount(section, counted))
  } else {
    const category = input.category
    const [clauses, shards, every] = await Promise.all([
      filterClauses(deps.db, filters, input.today, { ufPeriod: category === 'd' }),
      deps.corpus.shardsFor(shardFilterFor(category, filters)),
      deps.corpus.shardsFor(shardFilterFor(category, NO_FILTERS)),
    ])
    const offset = (input.page - 1) * PAGE_SIZE
    // Every category pages by a cursor (decisions/0076, 0087), one database as a one-entry map.
    const identity = { c: category, q: input.q, f: filters }
    const cursor = decodeSearchCursor(input.cursor, identity)
    const refine = { clauses, order: filters.ordem, after: cursor?.page === input.page ? cursor.key : null }
    const key: KeyHolder = { next: null }
    const find = finderFor(deps, shards, every, unlisted, key)
    const [page, lawsuits] = await Promise.all([
      searchCategoryWith(find, category, expression, PAGE_SIZE, offset, refine, key),
      category === 'en' ? lawsuitCount(deps, shards, expression, clauses, unlisted) : null,
    ])
    sections = [withLawsuitCount(page, lawsuits)]
    const here = cursor?.page === input.page ? cursor : null
    ;({ next, previous } = neighbourCursors(
      here,
      input.page,
      sections[0]?.results.length ? key.next : null,
      identity,
    ))
  }
  const outcome = { ...base, lawsuit, empty: false, sections, options: await options, next, previous }
  if (sections.some((s) => s.total > 0)) return outcome
  return { ...outcome, ...(await helpWithNothing(deps, input.category, expression, parsed, filters)) }
}

/** The lawsuits section counts lawsuits, not their matching parties (lawsuit-count.server.ts). */
function withLawsuitCount(section: CategoryResults, lawsuits: number | null): CategoryResults {
  return section.category === 'en' && lawsuits !== null ? { ...section, total: lawsuits } : section
}

async function helpWithNothing(
  deps: { db: Database; corpus: Corpus },
  category: SearchCategory,
  expression: string,
  parsed: ReturnType<typeof parseQuery>,
  filters: SearchFilters,
): Promise<Pick<SearchOutcome, 'spelling' | 'elsewhere'>> {
  // With filters on, the same words in the same category may match: count them there too.
  const others = CATEGORIES.filter((c) => c !== category || hasActiveFilters(filters))
  const tables = category === 't' ? [] : others.flatMap((c) => COUNTED[c])
  const spelling = spellingColumns(VOCABULARY[category], parsed)
  const [tableShards, vocabulary] = await Promise.all([
    Promise.all(tables.map((table) => deps.corpus.shardsFor({ families: TABLE_FAMILIES[table] }))),
    deps.corpus.shardsFor({ families: TABLE_FAMILIES[VOCABULARY[category]] }),
  ])
  const row = await helpAcrossShards(deps, tables, tableShards, vocabulary, expression, spelling)
  const counts = tables.map((_, i) => Number(row?.[`c${i}`] ?? 0))
  const byTable = new Map(tables.map((table, i) => [table, counts[i] ?? 0]))
  const elsewhere = others
    .map((c) => ({
      category: c,
      total: COUNTED[c].reduce((sum, table) => sum + (byTable.get(table) ?? 0), 0),
    }))
    .filter((c) => c.total > 0)
  const suggestion = spelling.read(row)
  // A correction that finds nothing is no help (`suggestionFinds`): asked only when there is one.
  const finds = suggestion !== null && (await suggestionFinds(vocabulary, VOCABULARY[category], suggestion))
  return { spelling: finds ? suggestion : null, elsewhere: category === 't' ? [] : elsewhere }
}

/**
 * The zero-result page's one row over the corpus's databases (decisions/0076; one database is a
 * one-entry map: one statement), in parallel, one statement each: every shard counts the tables it holds (summed, capped as one database's
 * count is) and says whether the vocabulary's index has each word (any shard does); the primary
 * reads the spelling dictionary's candidates. While a split has a shard in two databases, each
 * counts only its own ids (decisions/0077).
 */
async function helpAcrossShards(
  deps: { db: Database; corpus: Corpus },
  tables: FtsTable[],
  tableShards: Database[][],
  vocabulary: Database[],
  expression: string,
  spelling: ReturnType<typeof spellingColumns>,
): Promise<Record<string, unknown>> {
  const primary = deps.db
  const databases = [...new Set([primary, ...tableShards.flat(), ...vocabulary])]
  const rows = await Promise.all(
    databases.map(async (db) => {
      const held = tables.flatMap((table, i) => (tableShards[i]?.includes(db) ? [{ table, i }] : []))
      const owned = await Promise.all(
        held.map(async ({ table }) => {
          const ranges = await deps.corpus.rangesOf(db, { families: TABLE_FAMILIES[table] })
          return ranges ? ownedRows(table, ranges) : null
        }),
      )
      const columns = [
        ...countColumns(
          held.map((h) => h.table),
          expression,
          owned,
        ),
        ...(vocabulary.includes(db) ? spelling.known : []),
        ...(db === primary ? spelling.candidates : []),
      ]
      if (!columns.length) return { held, row: {} }
      const [row] = await db.all<Record<string, unknown>>(sql`SELECT ${sql.join(columns, sql`, `)}`)
      return { held, row: row ?? {} }
    }),
  )
  const merged: Record<string, unknown> = {}
  for (const { held, row } of rows) {
    held.forEach(({ i }, at) => {
      merged[`c${i}`] = Math.min(COUNT_CAP + 1, Number(merged[`c${i}`] ?? 0) + Number(row[`c${at}`] ?? 0))
    })
    for (const [name, value] of Object.entries(row)) {
      if (/^k\d+$/.test(name)) merged[name] = merged[name] || value
      else if (/^s\d+$/.test(name)) merged[name] = value
    }
  }
  return merged
}
