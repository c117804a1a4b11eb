import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'

// Moved to lib: areas below the corpus batch their statements too (decisions/0099).
import { chunk } from '~/lib/chunk'

export { chunk }

/** D1 allows 100 bound parameters per statement: rows per multi-row INSERT for `columns` columns. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor(100 / columns))
}

/** Runs statements in D1 batches (one round trip and one transaction per batch). */
export async function runBatched(
  db: Database,
  statements: BatchItem<'sqlite'>[],
  perBatch = 50,
): Promise<void> {
  for (const group of chunk(statements, perBatch)) {
    if (group.length) await db.batch(group as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
  }
}
