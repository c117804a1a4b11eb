import { STATE_COURTS } from '~/domain/corpus/cnj'
import {
  CATEGORY_KIND,
  cnjFamily,
  diarioFamily,
  FAMILY,
  type Family,
  FTS_KIND,
  familiesOf,
  KINDS,
  type SearchedKind,
} from '~/domain/corpus/kinds'
import { courtFamily, type ShardFilter } from '~/domain/corpus/shard-map'
import type { SearchFilters } from './filters'
import type { FtsTable } from './fts-tables'
import type { SearchCategory } from './types'

/** The corpus families whose shards hold each FTS table's documents: its kind's (decisions/0072). */
export const TABLE_FAMILIES = Object.fromEntries(
  Object.entries(FTS_KIND).map(([table, kind]) => [table, familiesOf(kind)]),
) as Record<FtsTable, readonly Family[]>

/**
 * How a search's filters narrow each searched kind's families (decisions/0072): the families a
 * court or a UF names (null: none named, every family of the kind), and whether the date range
 * narrows its periods. A kind the search finds without its rule here does not compile.
 */
const NARROWING = {
  // The DOU has no UF: a UF filter leaves only those UFs' gazettes.
  materia: { families: (f) => (f.uf.length ? f.uf.map(diarioFamily) : null), period: true },
  // A lawsuit's shard is its court's CNJ family (J.TR): the court filter names it.
  processo: { families: (f) => (f.tribunal.length ? f.tribunal.map(lawsuitFamily) : null), period: false },
  decisao: { families: (f) => (f.tribunal.length ? f.tribunal.map(courtFamily) : null), period: true },
  lei: { families: () => null, period: false },
  pessoa: { families: () => null, period: false },
  empresa: { families: () => null, period: false },
} satisfies Record<
  SearchedKind,
  { families: (filters: SearchFilters) => readonly Family[] | null; period: boolean }
>

/**
 * The shards a category's search can touch (decisions/0072): its kind's families, narrowed by a
 * court, a UF and the date range. Pure, so the narrowing is tested without databases.
 */
export function shardFilterFor(category: Exclude<SearchCategory, 't'>, filters: SearchFilters): ShardFilter {
  const kind = CATEGORY_KIND[category]
  const narrowing = NARROWING[kind]
  const families = narrowing.families(filters) ?? KINDS[kind].families
  return narrowing.period ? { families, from: filters.de, to: filters.ate } : { families }
}

const pad = (n: string) => n.padStart(2, '0')

/**
 * The lawsuit family (`processo:J.TR`) of a court's acronym, as `courtOf` reads it from a CNJ
 * number; a court it does not know asks every lawsuit family (never fewer shards than needed).
 */
export function lawsuitFamily(court: string): Family {
  const name = court.toUpperCase()
  const state = Object.entries(STATE_COURTS).find(([, acronym]) => acronym === name)?.[0]
  if (state) return cnjFamily(`8.${state}`)
  const fixed: Record<string, string> = { STF: '1.00', STJ: '3.00', TST: '5.00', CJF: '4.90', TSE: '6.00' }
  if (fixed[name]) return cnjFamily(fixed[name])
  const numbered = /^(TRT|TRF)(\d{1,2})$/.exec(name)
  if (numbered) return cnjFamily(`${numbered[1] === 'TRT' ? '5' : '4'}.${pad(numbered[2] as string)}`)
  const electoral = /^TRE-([A-Z]{2,3})$/.exec(name)
  const electoralCode = Object.entries(STATE_COURTS).find(
    ([, acronym]) => acronym === `TJ${electoral?.[1]}`,
  )?.[0]
  if (electoral && electoralCode) return cnjFamily(`6.${electoralCode}`)
  return FAMILY.lawsuits
}
