import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'

/** D1 allows 100 bound parameters per statement: rows per multi-row INSERT for `columns` columns. */
export function rowsPerInsert(columns: number): number {
  return Math.max(1, Math.floor(100 / columns))
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
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
