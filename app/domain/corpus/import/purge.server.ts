import { sql } from 'drizzle-orm'
import { scope } from '~/domain/cache/page-rules'
import { bumpVersions } from '~/domain/cache/versions.server'
import { readCorpus } from '~/domain/corpus/access.server'
import type { Corpus } from '~/domain/corpus/shards.server'

// Moved from cache/versions (decisions/0099): the cache's versions sit below the corpus, whose
// import and masking purge the pages they change.

/** More lawsuits than this in one import: purge every lawsuit page instead of naming each. */
const NAMED_LAWSUITS = 1000

/**
 * After an import: the pages of what it added or changed since `since` (epoch ms). Lawsuits
 * touched directly, through a new movement or by a matéria that names them are purged one by
 * one; every other corpus page (people, companies, gazettes, search) by the corpus scope. Each
 * corpus database is asked (decisions/0074): a matéria and the lawsuit it names may be apart.
 * Returns how many lawsuits were named (or -1 when all lawsuit pages were purged).
 */
export async function purgeImported(corpus: Corpus, kv: KVNamespace, since: number): Promise<number> {
  const cnjs = new Set<string>()
  for (const db of await readCorpus.databases(corpus)) {
    const rows = await db.all<{ cnj: string }>(sql`
      SELECT cnj FROM lawsuits WHERE imported_at >= ${since}
      UNION SELECT l.cnj FROM movements m JOIN lawsuits l ON l.id = m.lawsuit_id WHERE m.imported_at >= ${since}
      UNION SELECT lawsuit_cnj FROM gazette_articles WHERE imported_at >= ${since} AND lawsuit_cnj IS NOT NULL
      LIMIT ${NAMED_LAWSUITS + 1}`)
    for (const row of rows) cnjs.add(row.cnj)
    if (cnjs.size > NAMED_LAWSUITS) break
  }
  const all = cnjs.size > NAMED_LAWSUITS
  await bumpVersions(kv, [scope.corpus, ...(all ? [scope.lawsuits] : [...cnjs].map(scope.lawsuit))])
  return all ? -1 : cnjs.size
}
