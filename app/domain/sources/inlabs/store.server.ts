import { storeDouRecords } from '~/domain/corpus/import/formats/dou'
import type { ImportCounts } from '~/domain/corpus/import/types'
import type { GazetteArticleRecord } from '~/domain/corpus/store/gazettes.server'
import type { Target } from '~/domain/corpus/store/target.server'

/** A fetched ZIP's matérias, stored by the same function `npm run import -- dou` uses. */
export function storeInlabs(target: Target, records: GazetteArticleRecord[]): Promise<ImportCounts> {
  return storeDouRecords(target, records)
}
