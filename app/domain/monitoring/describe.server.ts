import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { cities } from '~/db/schema-corpus'
import { lawsuitLookups } from '~/db/schema-sources'
import { formatCnj } from '~/domain/corpus/cnj'
import { hasSecretParties, secrecyOf } from '~/domain/corpus/read/lawsuits.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import type { MonitoringRow } from './monitorings.server'

/** What a monitoring watches, in sentences for its page (the "novo=true" confirmation included). */
export async function describeMonitoring(
  deps: { db: Database; corpus: Corpus },
  m: MonitoringRow,
): Promise<string[]> {
  if (m.kind === 'processo') {
    const numero = formatCnj(m.cnj ?? '')
    // The lawsuit is in the shard its number names (decisions/0075). A secret one reads as not
    // in the base, as its creation did (decisions/0091): the page reveals nothing of it.
    const known = (await secrecyOf(deps.corpus, m.cnj ?? '')) === 0
    return [
      known
        ? t('monitoring.page.watchLawsuit', { numero })
        : t('monitoring.page.watchLawsuitMissing', { numero }),
      // Its parties in secret: alerts will not name them (issue 38).
      ...(known && (await hasSecretParties(deps.corpus, m.cnj ?? ''))
        ? [t('monitoring.page.secretParties')]
        : []),
      await lookupSentence(deps.db, m.cnj ?? '', known),
    ]
  }
  if (m.kind === 'oab') return [t('monitoring.page.watchOab', { oab: m.term })]
  let city: { name: string; uf: string } | undefined
  if (m.cityCode) [city] = await deps.db.select().from(cities).where(eq(cities.code, m.cityCode))
  const filters = monitoringFilters(m, city)
  return [
    t('monitoring.page.watchName', { termo: m.term }),
    ...(filters.length ? [t('monitoring.page.filters', { filtros: filters.join('; ') })] : []),
    t('monitoring.page.sources', { fontes: sourceNames(m).join(', ') }),
  ]
}

/**
 * What DataJud answered about the number (issue 40): found, not there yet, or still to be asked.
 * A number the corpus holds only in secret reads as not found, as the line above does.
 */
async function lookupSentence(db: Database, cnj: string, known: boolean): Promise<string> {
  const [lookup] = await db.select().from(lawsuitLookups).where(eq(lawsuitLookups.cnj, cnj))
  if (!lookup) return t('sources.lookup.pending')
  const data = formatInstant(lookup.checkedAt)
  return known && lookup.status === 'encontrado'
    ? t('sources.lookup.found', { data })
    : t('sources.lookup.notFound', { data })
}

type FilterFields = Pick<MonitoringRow, 'mode' | 'cityCode' | 'uf' | 'oab' | 'taxId' | 'coParty'>

/** A name monitoring's filters as words ("estado SP", "OAB 1234"); the list and the page share them. */
export function monitoringFilters(m: FilterFields, city?: { name: string; uf: string } | null): string[] {
  const filters: string[] = []
  if (m.mode === 'todas') filters.push(t('monitoring.filter.allWords'))
  if (m.cityCode && city) filters.push(t('monitoring.filter.city', { cidade: `${city.name}/${city.uf}` }))
  else if (m.uf) filters.push(t('monitoring.filter.uf', { uf: m.uf }))
  if (m.oab) filters.push(t('monitoring.filter.oab', { oab: m.oab }))
  if (m.taxId) filters.push(t('monitoring.filter.taxId', { doc: m.taxId }))
  if (m.coParty) filters.push(t('monitoring.filter.coParty', { nome: m.coParty }))
  return filters
}

export const sourceNames = (m: Pick<MonitoringRow, 'sources'>) =>
  m.sources.map((s) => t(`monitoring.form.source.${s as 'diarios' | 'djen' | 'processos'}`))
