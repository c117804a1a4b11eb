import { courtFamily, type ShardFilter } from '~/domain/corpus/shard-map'
import type { SearchFilters } from './filters'
import type { SearchCategory } from './types'

/**
 * The shards a category's search can touch (decisions/0072): its families, narrowed by a court,
 * a UF and the date range. Pure, so the narrowing is tested without databases.
 */
export function shardFilterFor(category: Exclude<SearchCategory, 't'>, filters: SearchFilters): ShardFilter {
  const period = { from: filters.de, to: filters.ate }
  switch (category) {
    case 'jr':
      return {
        families: filters.tribunal.length ? filters.tribunal.map(courtFamily) : ['jurisprudencia:'],
        ...period,
      }
    case 'd':
      // The DOU has no UF: a UF filter leaves only those UFs' gazettes.
      return {
        families: filters.uf.length
          ? filters.uf.map((uf) => `diario:${uf.toLowerCase()}`)
          : ['dou', 'diario:'],
        ...period,
      }
    case 'en':
      return { families: ['processo:'] }
    case 'leis':
      return { families: ['legislacao'] }
    default:
      return { families: ['entidades'] }
  }
}
