import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import type { PageKind } from '~/db/schema-trust'
import { deindexedIds, ownedBy } from '~/domain/corpus/read/across-shards.server'
import type { IdRange } from '~/domain/corpus/shard-map'
import { caseLaw, materias } from './categories.server'
import { DECISION_ROWS, type DecisionRow, MATERIA_ROWS, type MateriaRow } from './category-rows.server'
import { combineMatch } from './facets'
import { COUNT_CAP, type FtsFound, type FtsOptions, ftsSearch } from './fts.server'
import { FTS_TABLES, type FtsAttach, type FtsHit, type FtsTable } from './fts-tables'
import { rankAcrossShards } from './global-rank.server'
import { MARK_END, MARK_START } from './marks'
import type { CategoryResults } from './types'

// A category's page over several shard databases (decisions/0072, 0073): relevance by one global
// bm25, "Mais recentes" (and relevance past COUNT_CAP, which lists newest first) by date over
// each shard's newest rows, the rows of the page read from the shards that hold them, and pages
// de-indexed on request dropped by the primary's list.

type Across = 'd' | 'jr'
type Row = FtsHit & Partial<MateriaRow & DecisionRow>
const SPEC: Record<
  Across,
  {
    table: FtsTable
    kind: PageKind
    attach: FtsAttach
    snippetColumn: number
    date: (row: Row) => string
    gone: Partial<Row>
    build: (found: FtsFound<never>) => CategoryResults
  }
> = {
  d: {
    table: 'gazette_articles',
    kind: 'materia',
    attach: MATERIA_ROWS,
    snippetColumn: 1,
    date: (row) => row.date ?? '',
    gone: { title: null },
    build: (found) => materias(found as unknown as FtsFound<MateriaRow>),
  },
  jr: {
    table: 'decisions',
    kind: 'decisao',
    attach: DECISION_ROWS,
    snippetColumn: 2,
    date: (row) => row.publishedAt ?? '',
    gone: { number: null },
    build: (found) => caseLaw(found as unknown as FtsFound<DecisionRow>),
  },
}

/** Rows of given ids, with their snippets and attached columns, in one statement on one shard. */
async function rowsOf(db: Database, across: Across, expression: string, ids: number[]): Promise<Row[]> {
  const { table, attach, snippetColumn } = SPEC[across]
  const fts = sql.raw(`${table}_fts`)
  const words = combineMatch(FTS_TABLES[table].columns, expression, [])
  return db.all<Row>(
    sql`WITH hit AS MATERIALIZED (SELECT rowid AS id, snippet(${fts}, ${snippetColumn}, ${MARK_START}, ${MARK_END}, '…', 28) AS snippet FROM ${fts} WHERE ${fts} MATCH ${words} AND rowid IN (SELECT value FROM json_each(${JSON.stringify(ids)})))
      SELECT hit.* ${attach.select} FROM hit ${attach.join}`,
  )
}

/** Each shard's `wanted` highest matching ids (its own ids only, during a split), merged highest first. */
async function newestIds(
  shards: readonly Database[],
  across: Across,
  expression: string,
  refine: Pick<FtsOptions, 'clauses'> & { owned?: readonly (IdRange[] | null)[] },
  wanted: number,
): Promise<{ shard: number; id: number }[]> {
  const { table } = SPEC[across]
  const fts = sql.raw(`${table}_fts`)
  const match = combineMatch(FTS_TABLES[table].columns, expression, refine.clauses ?? [])
  const lists = await Promise.all(
    shards.map((db, shard) => {
      const ranges = refine.owned?.[shard]
      const ours = ranges ? sql`AND ${ownedBy(sql`rowid`, ranges)}` : sql``
      return db.all<{ id: number }>(
        sql`SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ${match} ${ours} ORDER BY rowid DESC LIMIT ${wanted}`,
      )
    }),
  )
  return lists
    .flatMap((rows, shard) => rows.map((r) => ({ shard, id: r.id })))
    .sort((a, b) => b.id - a.id)
    .slice(0, wanted)
}

export async function searchAcrossShards(
  primary: Database,
  shards: readonly Database[],
  across: Across,
  expression: string,
  limit: number,
  offset: number,
  refine: Pick<FtsOptions, 'clauses' | 'order'> & { owned?: readonly (IdRange[] | null)[] } = {},
): Promise<CategoryResults> {
  const spec = SPEC[across]
  const owned = refine.owned ?? []
  const owns = (shard: number, id: number) => owned[shard]?.some((r) => r.from <= id && id < r.to) ?? true
  const hidden = deindexedIds(primary, spec.kind)
  let page: Row[] = []
  let total = 0
  const [only] = shards
  if (shards.length === 1 && only && !owned[0]) {
    // One shard (a filter narrowed it): its own bm25 is the global one, in one statement as one
    // database runs it; only the primary's de-indexed pages come from elsewhere.
    const found = await ftsSearch<Row>(
      only,
      spec.table,
      expression,
      { limit, offset, snippetColumn: spec.snippetColumn, clauses: refine.clauses, order: refine.order },
      spec.attach,
    )
    page = found.hits
    total = found.total
  } else if (refine.order !== 'recentes') {
    const ranking = await rankAcrossShards(shards, spec.table, expression, {
      limit,
      offset,
      clauses: refine.clauses,
      owned,
    })
    // Past COUNT_CAP, relevance lists the highest ids, as one database does (`rankedStatement`),
    // with its capped count: each shard's highest ids, merged.
    const hits = ranking.ranked
      ? ranking.hits
      : (await newestIds(shards, across, expression, refine, offset + limit)).slice(offset)
    total = ranking.ranked ? ranking.total : Math.min(ranking.total, COUNT_CAP + 1)
    const found = await Promise.all(
      shards.map((db, shard) => {
        const ids = hits.filter((h) => h.shard === shard).map((h) => h.id)
        return ids.length ? rowsOf(db, across, expression, ids) : Promise.resolve([])
      }),
    )
    page = hits.flatMap((h) => found[h.shard]?.find((row) => row.id === h.id) ?? [])
  } else {
    // Newest first: each shard's newest offset + limit rows, merged by date (then id, highest first).
    const wanted = offset + limit
    const lists = await Promise.all(
      shards.map((db) =>
        ftsSearch<Row>(
          db,
          spec.table,
          expression,
          {
            limit: wanted,
            offset: 0,
            snippetColumn: spec.snippetColumn,
            clauses: refine.clauses,
            order: 'recentes',
          },
          spec.attach,
        ),
      ),
    )
    total = lists.reduce((sum, list) => sum + list.total, 0)
    // A split's rows not yet deleted from the old database are its copy's, not this one's.
    page = lists
      .flatMap((list, shard) => list.hits.filter((hit) => owns(shard, hit.id)))
      .sort((a, b) => spec.date(b).localeCompare(spec.date(a)) || b.id - a.id)
      .slice(offset, wanted)
  }
  const removed = new Set(await hidden)
  const hits = page.map((row) => (removed.has(row.id) ? { ...row, ...spec.gone } : row))
  return spec.build({ hits, total } as unknown as FtsFound<never>)
}
