import { type DjenRecord, storeDjenRecords } from '~/domain/corpus/import/formats/djen'
import type { ImportCounts } from '~/domain/corpus/import/types'
import type { Target } from '~/domain/corpus/store/target.server'

/** A fetched page's communications, stored by the same function `npm run import -- djen` uses. */
export function storeDjen(target: Target, records: DjenRecord[]): Promise<ImportCounts> {
  return storeDjenRecords(target, records)
}
