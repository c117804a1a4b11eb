import type { Database } from '~/db/client.server'
import { readableCase } from '~/lib/labels'
import { companyPath, decisionPath, gazetteItemPath, personPath } from '~/lib/paths'
import { lawsuitsAfter, PARTY_WINDOW, partyLawsuits } from './category-lawsuits.server'
import {
  laterLegislationPage,
  legislation,
  legislationAfter,
  type ProvisionRow,
} from './category-legislation.server'
import {
  COMPANY_ROWS,
  DECISION_ROWS,
  type DecisionRow,
  MATERIA_ROWS,
  type MateriaRow,
  type OwnerRow,
  PARTY_ROWS,
  type PartyRow,
  PERSON_ROWS,
  PROVISION_ROWS,
  STATUTE_ROWS,
  type StatuteRow,
  shownTotal,
} from './category-rows.server'
import type { KeyHolder } from './cursor'
import type { Finder, Refine } from './finder'
import { type FtsAttach, type FtsFound, type FtsOptions, type FtsTable, ftsSearch } from './fts.server'
import type { CategoryResults, Result, SearchCategory } from './types'

export type { Finder, Refine } from './finder'

type Category = Exclude<SearchCategory, 't'>
type Search = { table: FtsTable; options: FtsOptions; attach: FtsAttach }
/**
 * The finder of one database, `ftsSearch` statement for statement: the reference the shard tests
 * compare the search across shards with (the product's finder is `finderFor`, one path).
 */
export const findIn =
  (db: Database): Finder =>
  (table, expression, options, attach) =>
    ftsSearch(db, table, expression, options, attach)
/** The FTS searches a category's page needs, and how its results are made from what they found. */
type Plan = { searches: Search[]; build: (found: FtsFound[]) => CategoryResults }

/** One category's page of results on one database, ranked as fts.server explains (the tests' reference). */
export async function searchCategory(
  db: Database,
  category: Category,
  expression: string,
  limit: number,
  offset: number,
  refine: Refine = {},
): Promise<CategoryResults> {
  return searchCategoryWith(findIn(db), category, expression, limit, offset, refine)
}

/** One category's page, its searches run by `find` (one database, or several shards). */
export async function searchCategoryWith(
  find: Finder,
  category: Category,
  expression: string,
  limit: number,
  offset: number,
  refine: Refine = {},
  /** Where the page ended (across shards): lawsuits and legislation set it themselves (decisions/0087). */
  key?: KeyHolder,
): Promise<CategoryResults> {
  // A cursor of the other regime (the words crossed COUNT_CAP since) is ignored, as across shards.
  const byNumber = () =>
    searchCategoryWith(find, category, expression, limit, offset, { ...refine, after: null }, key)
  if (category === 'en' && refine.after) return lawsuitsAfter(find, expression, limit, refine, byNumber, key)
  if (category === 'leis' && refine.after)
    return legislationAfter(find, expression, limit, refine, byNumber, key)
  if (category === 'leis' && offset > 0)
    return laterLegislationPage(find, expression, limit, offset, { ...refine, after: null }, key)
  const { searches, build } = plan(category, limit, offset, refine, key)
  return build(await Promise.all(searches.map((s) => find(s.table, expression, s.options, s.attach))))
}

function plan(category: Category, limit: number, offset: number, refine: Refine, key?: KeyHolder): Plan {
  const options = (snippetColumn: number | null): FtsOptions => ({ limit, offset, snippetColumn, ...refine })
  switch (category) {
    case 'p':
    case 'i': {
      const person = category === 'p'
      return {
        searches: [
          {
            table: person ? 'people' : 'companies',
            options: options(null),
            attach: person ? PERSON_ROWS : COMPANY_ROWS,
          },
        ],
        build: ([found]) => owners(category, found as FtsFound<OwnerRow>),
      }
    }
    case 'd':
      return {
        searches: [{ table: 'gazette_articles', options: options(1), attach: MATERIA_ROWS }],
        build: ([found]) => materias(found as FtsFound<MateriaRow>),
      }
    case 'en':
      // Lawsuits are paged, not parties: several parties may be of one lawsuit (each lawsuit is
      // shown once), so a page of parties cannot be mapped to a page of lawsuits. The parties are
      // read from the first, twice as many as the lawsuits up to this page, and this page is the
      // slice of the distinct lawsuits: page n+1 starts exactly where page n ended.
      return {
        searches: [
          {
            table: 'parties',
            // Paged by lawsuits, not by rows: no cursor (decisions/0076).
            options: {
              ...options(0),
              limit: Math.min((offset + limit) * 2, PARTY_WINDOW),
              offset: 0,
              after: null,
            },
            attach: PARTY_ROWS,
          },
        ],
        build: ([found]) => partyLawsuits(found as FtsFound<PartyRow>, offset, limit, key),
      }
    case 'jr':
      return {
        searches: [{ table: 'decisions', options: options(2), attach: DECISION_ROWS }],
        build: ([found]) => caseLaw(found as FtsFound<DecisionRow>),
      }
    case 'leis':
      // The first page: statutes and dispositivos at once (later pages: laterLegislationPage).
      return {
        searches: [
          { table: 'statutes', options: { ...options(1), after: null }, attach: STATUTE_ROWS },
          { table: 'provisions', options: { ...options(0), offset: 0, after: null }, attach: PROVISION_ROWS },
        ],
        build: ([statutes, provisions]) =>
          legislation(statutes as FtsFound<StatuteRow>, provisions as FtsFound<ProvisionRow>, limit, key),
      }
  }
}

function owners(category: 'p' | 'i', { hits, total }: FtsFound<OwnerRow>): CategoryResults {
  const results = hits.flatMap((h): Result[] => {
    if (h.title === null || h.slug === null) return [] // gone since it was indexed
    const counts = { lawsuits: h.lawsuits ?? 0, gazettes: h.gazettes ?? 0 }
    return category === 'p'
      ? [{ kind: 'p', id: h.id, title: h.title, href: personPath(h.slug), ...counts }]
      : [{ kind: 'i', id: h.id, title: h.title, href: companyPath(h.slug), cnpj: h.cnpj ?? '', ...counts }]
  })
  return { category, total: shownTotal(total, hits.length, results.length), results }
}

export function materias({ hits, total }: FtsFound<MateriaRow>): CategoryResults {
  const results = hits.flatMap((h): Result[] =>
    h.title === null || h.date === null || h.gazette === null
      ? []
      : [
          {
            kind: 'd',
            id: h.id,
            title: h.title,
            href: gazetteItemPath(h.id),
            gazette: h.gazette,
            date: h.date,
            section: h.section,
            snippet: h.snippet,
          },
        ],
  )
  return { category: 'd', total: shownTotal(total, hits.length, results.length), results }
}

export function caseLaw({ hits, total }: FtsFound<DecisionRow>): CategoryResults {
  const results = hits.flatMap((h): Result[] =>
    h.number === null || h.court === null
      ? []
      : [
          {
            kind: 'jr',
            id: h.id,
            title: `${readableCase(h.className) ?? 'Decisão'} ${h.number}`,
            href: decisionPath(h.id),
            court: h.court,
            className: readableCase(h.className),
            rapporteur: h.rapporteur,
            date: h.publishedAt,
            snippet: h.snippet,
          },
        ],
  )
  return { category: 'jr', total: shownTotal(total, hits.length, results.length), results }
}
