import { storeDiarioRecords } from '~/domain/corpus/import/formats/diario'
import type { ImportCounts } from '~/domain/corpus/import/types'
import type { GazetteArticleRecord } from '~/domain/corpus/store/gazettes.server'
import type { Target } from '~/domain/corpus/store/target.server'

/** A fetched page's matérias, stored by the same function `npm run import -- diario` uses. */
export function storeQueridoDiario(target: Target, records: GazetteArticleRecord[]): Promise<ImportCounts> {
  return storeDiarioRecords(target, records)
}
