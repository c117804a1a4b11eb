import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { ownedBy } from '~/domain/corpus/read/across-shards.server'
import { unlistingCondition } from '~/domain/corpus/read/restrictions.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { combineMatch } from './facets'
import { COUNT_CAP } from './fts.server'
import { FTS_TABLES } from './fts-tables'
import { ownedRangesOf, ownedRows } from './owned.server'
import type { Unlisted } from './shard-rows.server'

// "Partes em processos" pages lawsuits, not parties (decisions/0076, 0087): several parties of
// one lawsuit match "silva", each lawsuit is shown once, so the parties' count ("97 resultados")
// was more than the pages hold (95 lawsuits). The count shown is the lawsuits' (decisions/0094).

/** The separator between a lawsuit's parties' names in `lawsuit_names_fts` (migration 0046). */
const BETWEEN_PARTIES = 'zqfimzq'
/** Facet tokens a lawsuit has as its parties do: court, class, city, UF and dates (not the pole). */
const LAWSUIT_FACET = /^z[tkiuynd]/

/**
 * The MATCH on the lawsuits' own index that finds exactly the lawsuits with a matching party, or
 * null where it would not: several words or phrases must match within one party, which a row of
 * all the parties' names cannot tell (there the parties' statement counts).
 */
export function lawsuitMatch(expression: string, clauses: string[][]): string | null {
  if (!/^"[^"]+"$/.test(expression) || expression.includes(BETWEEN_PARTIES)) return null
  if (!clauses.every((clause) => clause.every((token) => LAWSUIT_FACET.test(token)))) return null
  return combineMatch(['names'], expression, clauses)
}

/**
 * The distinct public lawsuits whose parties match, over the databases holding them: a lawsuit
 * lives in one database with its parties (decisions/0072), so the databases' counts add up.
 * Secret lawsuits and the ones de-indexed on request (the primary's `hidden_pages`, read beside
 * the shards as `unlisted`) are not counted, as the pages drop them. Null past COUNT_CAP matching
 * parties in a database: there the parties' capped count stands ("mais de 10.000").
 */
export async function lawsuitCount(
  deps: { db: Database; corpus: Corpus },
  databases: readonly Database[],
  expression: string,
  clauses: string[][],
  unlisted: () => Promise<Unlisted>,
): Promise<number | null> {
  const match = combineMatch(FTS_TABLES.parties.columns, expression, clauses)
  const words = combineMatch(FTS_TABLES.parties.columns, expression, [])
  const owned = await ownedRangesOf(deps.corpus, 'parties', databases)
  // Ids from our own table, as integers: inlined, since D1 binds at most 100 values. The primary
  // reads its own `hidden_pages` instead, so a search on it does not wait for the list.
  const hidden = databases.every((db) => db === deps.db)
    ? []
    : [...((await unlisted()).get('processo') ?? [])].map(Number)
  const ownList = `SELECT hp.ref_id FROM hidden_pages hp WHERE hp.kind = 'processo' AND ${unlistingCondition('processo')}`
  const byLawsuit = lawsuitMatch(expression, clauses)
  const counts = await Promise.all(
    databases.map(async (db) => {
      const excluded = db === deps.db ? ownList : hidden.join(',')
      const notIn = (id: string) => (excluded ? sql.raw(`AND ${id} NOT IN (${excluded})`) : sql``)
      const notHidden = notIn('l.id')
      const notHiddenRow = notIn('lawsuit_names_fts.rowid')
      const parties = sql`SELECT rowid FROM parties_fts WHERE parties_fts MATCH ${match} ${ownedRows('parties', owned.get(db))} LIMIT ${COUNT_CAP + 1}`
      // Whether the parties pass COUNT_CAP: the filtered parties are among the words' parties, so
      // words under the cap answer it without walking the filters' long facet lists (decisions/0107).
      const wordsOnly = sql`SELECT rowid FROM parties_fts WHERE parties_fts MATCH ${words} ${ownedRows('parties', owned.get(db))} LIMIT ${COUNT_CAP + 1}`
      const partiesCount =
        words === match
          ? sql`(SELECT count(*) FROM (${parties}))`
          : sql`(SELECT CASE WHEN n <= ${COUNT_CAP} THEN n ELSE (SELECT count(*) FROM (${parties})) END FROM (SELECT count(*) AS n FROM (${wordsOnly})))`
      const lawsuits = byLawsuit
        ? // One walk of the lawsuits' own index (migration 0046): it holds public lawsuits only.
          sql`SELECT count(*) FROM (SELECT rowid FROM lawsuit_names_fts WHERE lawsuit_names_fts MATCH ${byLawsuit} AND ${ownedBy(sql.raw('lawsuit_names_fts.rowid'), owned.get(db))} ${notHiddenRow} LIMIT ${COUNT_CAP + 1})`
        : // Up to COUNT_CAP parties and their lawsuits, each looked up: through the two narrow indexes
          // of migration 0043 (the public lawsuits' ids, each party's lawsuit) rather than the wide
          // rows; SQLite prefers the rowid for `pa.id`, hence INDEXED BY (guarded by search-plans.test).
          sql`SELECT count(DISTINCT pa.lawsuit_id) FROM parties pa INDEXED BY parties_lawsuit_of CROSS JOIN lawsuits l ON l.id = pa.lawsuit_id
          WHERE pa.id IN (${parties}) AND l.secrecy_level = 0 ${notHidden}`
      const [row] = await db.all<{ parties: number; lawsuits: number }>(sql`SELECT
        ${partiesCount} AS parties, (${lawsuits}) AS lawsuits`)
      return row ?? { parties: 0, lawsuits: 0 }
    }),
  )
  if (counts.some((c) => Number(c.parties) > COUNT_CAP)) return null
  return counts.reduce((sum, c) => sum + Number(c.lawsuits), 0)
}
