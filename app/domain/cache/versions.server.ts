import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { scope } from './page-rules'

/**
 * Versioned cache keys (decisions/0035): a cached page's key carries the current version of each
 * scope it depends on, read from KV. Purging is writing a new version: the old keys are never
 * asked for again and expire by their lifetime. KV reads are fast at the edge and a write is
 * seen at once where it was made (elsewhere within about a minute).
 */
const key = (name: string) => `v:${name}`

export async function readVersions(kv: KVNamespace, scopes: readonly string[]): Promise<string[]> {
  return Promise.all(scopes.map(async (name) => (await kv.get(key(name))) ?? '0'))
}

/** A new version for each scope; a failed write is logged: the page's lifetime still bounds it. */
export async function bumpVersions(kv: KVNamespace, scopes: readonly string[]): Promise<void> {
  const version = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  await Promise.all(
    [...new Set(scopes)].map((name) =>
      kv.put(key(name), version).catch((error: unknown) => {
        console.error(JSON.stringify({ purge: name, error: String(error) }))
      }),
    ),
  )
}

/** More lawsuits than this in one import: purge every lawsuit page instead of naming each. */
const NAMED_LAWSUITS = 1000

/**
 * After an import: the pages of what it added or changed since `since` (epoch ms). Lawsuits
 * touched directly, through a new movement or by a matéria that names them are purged one by
 * one; every other corpus page (people, companies, gazettes, search) by the corpus scope.
 * Returns how many lawsuits were named (or -1 when all lawsuit pages were purged).
 */
export async function purgeImported(db: Database, kv: KVNamespace, since: number): Promise<number> {
  const rows = await db.all<{ cnj: string }>(sql`
    SELECT cnj FROM lawsuits WHERE imported_at >= ${since}
    UNION SELECT l.cnj FROM movements m JOIN lawsuits l ON l.id = m.lawsuit_id WHERE m.imported_at >= ${since}
    UNION SELECT lawsuit_cnj FROM gazette_articles WHERE imported_at >= ${since} AND lawsuit_cnj IS NOT NULL
    LIMIT ${NAMED_LAWSUITS + 1}`)
  const all = rows.length > NAMED_LAWSUITS
  await bumpVersions(kv, [scope.corpus, ...(all ? [scope.lawsuits] : rows.map((r) => scope.lawsuit(r.cnj)))])
  return all ? -1 : rows.length
}
