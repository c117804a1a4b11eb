import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'

/** Whether D1 answers one `select 1` (the health probe's only question; bench reads its db time). */
export async function databaseAnswers(deps: { db: Database }): Promise<boolean> {
  const row = await deps.db.get<{ ok: number }>(sql`select 1 as ok`)
  return row?.ok === 1
}
