import { STATE_COURTS } from '~/domain/corpus/cnj'
import {
  cnjFamily,
  diarioFamily,
  FAMILY,
  type Family,
  FTS_KIND,
  familiesOf,
  KINDS,
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
 * The shards a category's search can touch (decisions/0072): its families, narrowed by a court,
 * a UF and the date range. Pure, so the narrowing is tested without databases.
 */
export function shardFilterFor(category: Exclude<SearchCategory, 't'>, filters: SearchFilters): ShardFilter {
  const period = { from: filters.de, to: filters.ate }
  switch (category) {
    case 'jr':
      return {
        families: filters.tribunal.length ? filters.tribunal.map(courtFamily) : KINDS.decisao.families,
        ...period,
      }
    case 'd':
      // The DOU has no UF: a UF filter leaves only those UFs' gazettes.
      return {
        families: filters.uf.length ? filters.uf.map(diarioFamily) : KINDS.materia.families,
        ...period,
      }
    case 'en':
      // A lawsuit's shard is its court's CNJ family (J.TR): the court filter names it.
      return {
        families: filters.tribunal.length ? filters.tribunal.map(lawsuitFamily) : KINDS.processo.families,
      }
    case 'leis':
      return { families: KINDS.lei.families }
    default:
      return { families: KINDS.pessoa.families }
  }
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
