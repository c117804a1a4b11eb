import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { isAfterKey, type SearchKey } from './cursor'
import { combineMatch } from './facets'
import type { FtsOptions } from './fts.server'
import { FTS_TABLES } from './fts-tables'
import type { ShardRanking } from './global-rank.server'
import type { Row } from './shard-page.server'

// Lawsuits are paged by lawsuit, each at its best party in the parties' merged order
// (decisions/0087). A page after a cursor reads the parties after it; a lawsuit among them that
// also has a matching party at or before the cursor was shown on an earlier page. Its parties are
// few, so each shard is asked for its candidate lawsuits' matching parties and their keys.

/** The lawsuits (ids) among `rows` that have a matching party at or before `after`. */
export async function earlierLawsuits(
  across: { shards: readonly Database[] },
  expression: string,
  options: FtsOptions,
  rows: readonly Row[],
  after: SearchKey,
  /** The global scores of a shard's rows, when the parties were ranked across several shards. */
  scoresOf: ShardRanking['scoresOf'],
): Promise<Set<number>> {
  const earlier = new Set<number>()
  const owners = [...new Set(rows.flatMap((r) => (r.refId === null ? [] : [Number(r.refId)])))]
  if (!owners.length) return earlier
  const byScore = after.s !== undefined
  // Ranked over several shards, a score is the merged one: only the ranking can give it.
  if (byScore && !scoresOf && across.shards.length > 1) return earlier
  const dayOf = new Map(rows.map((r) => [Number(r.refId), r.sortDate?.slice(0, 10) ?? '']))
  const keyOf = (id: number, owner: number, score: number | null): SearchKey =>
    byScore
      ? { s: score ?? Number.POSITIVE_INFINITY, i: id }
      : after.d
        ? { d: dayOf.get(owner) ?? '', i: id }
        : { i: id }
  const fts = sql.raw('parties_fts')
  const spec = FTS_TABLES.parties
  const words = combineMatch(spec.columns, expression, [])
  const match = combineMatch(spec.columns, expression, options.clauses ?? [])
  const filtered =
    words === match ? sql`` : sql` AND +rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match})`
  const weights = sql.raw([...spec.columns.map(() => '1.0'), '0.0'].join(', '))
  await Promise.all(
    across.shards.map(async (db, shard) => {
      // Rows ranked across shards name theirs; otherwise any shard may hold them (ids are unique).
      const mine = rows.some((r) => r.shard !== undefined)
        ? [...new Set(rows.flatMap((r) => (r.shard === shard && r.refId !== null ? [Number(r.refId)] : [])))]
        : owners
      if (!mine.length) return
      const list = JSON.stringify(mine)
      const ofLawsuits = sql`SELECT id FROM parties WHERE lawsuit_id IN (SELECT value FROM json_each(${list}))`
      let found: { id: number; owner: number; score: number | null }[]
      if (byScore && scoresOf) {
        const [scores, parties] = await Promise.all([
          scoresOf(shard, sql` AND +rowid IN (${ofLawsuits})`),
          db.all<{ id: number; owner: number }>(
            sql`SELECT id, lawsuit_id AS owner FROM parties WHERE lawsuit_id IN (SELECT value FROM json_each(${list}))`,
          ),
        ])
        found = parties.flatMap((p) => {
          const score = scores.get(p.id)
          return score === undefined ? [] : [{ ...p, score }]
        })
      } else if (byScore) {
        // One database: FTS5's own bm25, as the page's statement computed it.
        found = await db.all(
          sql`WITH m AS MATERIALIZED (SELECT rowid AS id, bm25(${fts}, ${weights}) AS score FROM ${fts} WHERE ${fts} MATCH ${words}${filtered} AND +rowid IN (${ofLawsuits}))
            SELECT m.id AS id, m.score AS score, p.lawsuit_id AS owner FROM m CROSS JOIN parties p ON p.id = m.id`,
        )
      } else {
        // By date or by id, only parties from the cursor's id up can be at or before it.
        found = await db.all(
          sql`SELECT p.id AS id, p.lawsuit_id AS owner, NULL AS score FROM parties p WHERE p.id >= ${after.i} AND p.id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${match} AND rowid IN (${ofLawsuits} AND id >= ${after.i}))`,
        )
      }
      for (const party of found)
        if (!isAfterKey(keyOf(party.id, party.owner, party.score), after)) earlier.add(party.owner)
    }),
  )
  return earlier
}
