import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { mergePrefixList, type PrefixSources } from './lists'
import { POPULAR_MIN_SEARCHES } from './popular.server'

/**
 * Index entries read per source at most: a long prefix shared by very many names (a common first
 * name and the start of a surname, at 100 M documents) still costs a bounded read. Those names
 * are then the alphabetically first ones, ranked by weight (decisions/0057).
 */
export const LOOKUP_SCAN_LIMIT = 200
/** Above every character: `norm < typed || TOP` bounds the names that start with `typed`. */
const TOP = '\u{10FFFF}'

type Row = { name: string; tier: 0 | 1 | 2; weight: number }

/**
 * Suggestions for input longer than the KV lists (6 characters on, already normalised): one D1
 * statement, two index range scans, on popular searches (`search_terms.term`, normalised) and on
 * names (`suggestion_names.norm`: people, companies, trade names and members). Ranked as the KV
 * lists are: whole-word matches, then popular, members, corpus names by weight.
 */
export async function lookupByName(db: Database, typed: string, limit: number): Promise<string[]> {
  const upper = typed + TOP
  const rows = await db.all<Row>(
    sql`SELECT name, tier, weight FROM (SELECT display AS name, 0 AS tier, count AS weight
        FROM search_terms WHERE term >= ${typed} AND term < ${upper} AND count >= ${POPULAR_MIN_SEARCHES}
        ORDER BY term LIMIT ${LOOKUP_SCAN_LIMIT})
      UNION ALL
      SELECT name, tier, weight FROM (SELECT name, CASE source WHEN 'member' THEN 1 ELSE 2 END AS tier,
        weight FROM suggestion_names WHERE norm >= ${typed} AND norm < ${upper}
        ORDER BY norm LIMIT ${LOOKUP_SCAN_LIMIT})`,
  )
  rows.sort(
    (a, b) => a.tier - b.tier || b.weight - a.weight || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  )
  const sources: PrefixSources = {
    popular: rows.filter((row) => row.tier === 0).map((row) => row.name),
    members: rows.filter((row) => row.tier === 1).map((row) => row.name),
    entities: rows.filter((row) => row.tier === 2).map((row) => row.name),
  }
  return mergePrefixList(sources, limit, typed)
}
