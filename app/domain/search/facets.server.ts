import { asc, eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { cities, gazettes, states } from '~/db/schema-corpus'
import { slugify } from '~/domain/corpus/import/text'
import { CATEGORY_KIND, type Family, KINDS } from '~/domain/corpus/kinds'
import type { Corpus } from '~/domain/corpus/shards.server'
import { readableCase } from '~/lib/labels'
import { dateRangeTokens, facetToken, MAX_UF_PERIOD_TOKENS } from './facets'
import {
  FILTERS_BY_CATEGORY,
  type FilterName,
  type FilterOption,
  type FilterOptions,
  type SearchFilters,
} from './filters'
import type { SearchCategory } from './types'

/** Oldest date a period filter reaches back to when only "até" is given. */
const EARLIEST = '1900-01-01'

/**
 * The facet clauses (each an OR of tokens) for a category's filters; slugs resolved to ids. With
 * `ufPeriod` (gazette matérias), UF and period together become one clause of UF×period tokens
 * when that stays short: far fewer postings for FTS5 to intersect and for bm25 to read.
 */
export async function filterClauses(
  db: Database,
  filters: SearchFilters,
  today: string,
  { ufPeriod = false }: { ufPeriod?: boolean } = {},
): Promise<string[][]> {
  const clauses: string[][] = []
  const period =
    filters.de || filters.ate ? dateRangeTokens(filters.de ?? EARLIEST, filters.ate ?? today) : null
  const combined =
    ufPeriod && period && filters.uf.length && filters.uf.length * period.length <= MAX_UF_PERIOD_TOKENS
      ? filters.uf.flatMap((uf) => period.map((token) => facetToken.ufPeriod(uf, token)))
      : null
  if (combined) clauses.push(combined)
  else if (filters.uf.length) clauses.push(filters.uf.map(facetToken.uf))
  if (filters.cidade) {
    const [city] = await db
      .select({ code: cities.code })
      .from(cities)
      .where(eq(cities.slug, filters.cidade))
      .limit(1)
    clauses.push([city ? facetToken.city(city.code) : 'zinenhuma'])
  }
  if (filters.tribunal.length) clauses.push(filters.tribunal.map(facetToken.court))
  if (filters.diario) {
    const [gazette] = await db
      .select({ id: gazettes.id })
      .from(gazettes)
      .where(eq(gazettes.slug, filters.diario))
      .limit(1)
    clauses.push([gazette ? facetToken.gazette(gazette.id) : 'zgnenhum'])
  }
  if (filters.caderno) clauses.push([facetToken.section(filters.caderno)])
  if (filters.tipo) clauses.push([facetToken.lawsuitClass(filters.tipo)])
  if (filters.especie) clauses.push([facetToken.statuteKind(filters.especie)])
  if (period && !combined) clauses.push(period)
  return clauses
}

const OPTIONS_TTL_SECONDS = 3600
const OPTIONS_KEY = 'opcoes-filtro:v1:'

/**
 * The values each filter can take, from the data, cached in KV for an hour: lists that need a scan
 * of a big table (courts, classes, cadernos), the gazettes (thousands of municipal ones in
 * production) and a UF's cities, so a search sends D1 only its own statement. New values (a
 * gazette's first import) appear within that hour; a filter given in the URL works at once.
 */
export async function filterOptions(
  deps: { db: Database; corpus: Corpus; suggestions: KVNamespace },
  category: Exclude<SearchCategory, 't'>,
  filters: SearchFilters,
): Promise<FilterOptions> {
  const { db } = deps
  const cached = async (key: string, load: () => Promise<FilterOption[]>) => {
    const hit = await deps.suggestions.get<FilterOption[]>(OPTIONS_KEY + key, 'json')
    if (Array.isArray(hit)) return hit
    const fresh = await load()
    await deps.suggestions.put(OPTIONS_KEY + key, JSON.stringify(fresh), {
      expirationTtl: OPTIONS_TTL_SECONDS,
    })
    return fresh
  }
  /**
   * A list read from the corpus: the same statement in every database of the families
   * (decisions/0076; one database is a one-entry map), merged by value (`pick` keeps one label of
   * several) and sorted as the statement sorts.
   */
  const acrossShards = async <Row extends FilterOption>(
    families: readonly Family[],
    query: SQL,
    pick: (a: Row, b: Row) => Row = (a) => a,
  ): Promise<Row[]> => {
    const shards = await deps.corpus.shardsFor({ families })
    const merged = new Map<string, Row>()
    for (const row of (await Promise.all(shards.map((shard) => shard.all<Row>(query)))).flat()) {
      const known = merged.get(row.value)
      merged.set(row.value, known ? pick(known, row) : row)
    }
    return [...merged.values()].sort((a, b) => compareText(a.label, b.label) || compareText(a.value, b.value))
  }
  const options: FilterOptions = {}
  // Options only for the filters the category offers (filters.ts is the one list of them).
  const wants = (name: FilterName) => FILTERS_BY_CATEGORY[category].includes(name)
  const jobs: Promise<void>[] = []
  const add = (name: keyof FilterOptions, load: Promise<FilterOption[]>) =>
    jobs.push(
      load.then((list) => {
        options[name] = list
      }),
    )
  if (wants('uf'))
    add(
      'uf',
      cached('uf', async () =>
        (await db.select({ uf: states.uf, name: states.name }).from(states).orderBy(asc(states.uf))).map(
          (s) => ({
            value: s.uf,
            label: s.name,
          }),
        ),
      ),
    )
  const uf = filters.uf.length === 1 ? filters.uf[0] : undefined
  if (wants('cidade') && uf)
    add(
      'cidade',
      cached(`cidade:${uf}`, () =>
        db
          .select({ value: cities.slug, label: cities.name })
          .from(cities)
          .where(eq(cities.uf, uf))
          .orderBy(asc(cities.name)),
      ),
    )
  if (wants('tribunal')) {
    // The courts of the category's kind (decisions, lawsuits), in every shard of its families.
    const { root: table, families } = KINDS[CATEGORY_KIND[category]]
    add(
      'tribunal',
      cached(`tribunal:${table}`, () =>
        acrossShards(
          families,
          sql.raw(`SELECT DISTINCT court AS value, court AS label FROM ${table} ORDER BY court`),
        ),
      ),
    )
  }
  if (wants('diario'))
    add(
      'diario',
      cached('diario', () =>
        acrossShards(
          KINDS.materia.families,
          sql`SELECT slug AS value, name AS label FROM gazettes ORDER BY name`,
        ),
      ),
    )
  if (wants('caderno'))
    add(
      'caderno',
      cached('caderno', () =>
        acrossShards(
          KINDS.materia.families,
          sql`SELECT slug AS value, min(name) AS label FROM gazette_sections GROUP BY slug ORDER BY label`,
          (a, b) => (compareText(a.label, b.label) <= 0 ? a : b),
        ),
      ),
    )
  if (wants('tipo'))
    add(
      'tipo',
      cached('tipo', async () => {
        const classes = await acrossShards<FilterOption & { named: string | null }>(
          KINDS.processo.families,
          // The CNJ table's name when it has the code: sources spell class names their own way.
          sql`SELECT l.code AS value, l.name AS label, t.name AS named FROM (SELECT class_code AS code, min(class_name) AS name FROM lawsuits WHERE class_code IS NOT NULL AND secrecy_level = 0 GROUP BY class_code) l LEFT JOIN tpu_classes t ON t.code = l.code`,
          (a, b) => ({ ...(compareText(a.label, b.label) <= 0 ? a : b), named: a.named ?? b.named }),
        )
        return (
          classes
            .map((r) => ({ value: String(r.value), name: r.named ?? r.label }))
            .sort((a, b) => compareText(a.name, b.name))
            // The CNJ table shouts ("APELAÇÃO CÍVEL"): the filter reads as the pages do.
            .map((r) => ({ value: r.value, label: readableCase(r.name) }))
        )
      }),
    )
  if (wants('especie'))
    add(
      'especie',
      cached('especie', async () =>
        (
          await acrossShards(
            KINDS.lei.families,
            sql`SELECT DISTINCT kind AS value, kind AS label FROM statutes ORDER BY kind`,
          )
        ).map((r) => ({
          value: slugify(r.label), // "Lei Complementar" → "lei-complementar"
          label: r.label,
        })),
      ),
    )
  await Promise.all(jobs)
  return options
}

/** SQLite's default (binary) order of text, which JavaScript's < gives for these lists. */
const compareText = (a: string | null, b: string | null) =>
  (a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0
