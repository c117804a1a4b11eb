import { type SQL, sql } from 'drizzle-orm'
import { allInBatch } from '~/db/client.server'
import { ownedClause, readCorpus } from '~/domain/corpus/access.server'
import { KIND_NAMES, KINDS, type Kind } from '~/domain/corpus/kinds'
import type { Corpus } from '~/domain/corpus/shards.server'

// What the search covers (issue 30, decisions/0067): computed from the corpus itself, so the page
// can never claim a source, a period or a UF that is not there. Four aggregates in one D1 batch per database;
// the page is cached at the edge and purged by every import (page-rules, scope `corpus`).

export type CoverageRow = {
  /** Stable key (gazette slug, court) for tests and anchors. */
  key: string
  name: string
  first: string | null
  last: string | null
  ufs: string[]
  count: number
  /** When the newest document of this source was imported (unix ms), or null. */
  updatedAt: number | null
}

export type Coverage = {
  gazettes: CoverageRow[]
  lawsuits: CoverageRow[]
  caseLaw: CoverageRow[]
  legislation: CoverageRow | null
}

type Raw = {
  key: string
  name: string
  first: string | null
  last: string | null
  ufs: string | null
  count: number
  updatedAt: number | null
  sphere?: string
}

/** A state court's UF is in its acronym (TJSP, TRE-RJ…); federal and superior courts are nationwide. */
function courtUf(court: string): string | null {
  const match = /^(?:TJ|TRE-?|TJM)([A-Z]{2})$/.exec(court)
  return match?.[1] ?? null
}

const ufsOf = (raw: string | null, extra: string | null = null) =>
  [...new Set([...(raw ? raw.split(',') : []), ...(extra ? [extra] : [])])].filter(Boolean).sort()

/** A date as stored (ISO date or date-time): its first ten characters, the day. */
const day = (value: string | null) => (value ? value.slice(0, 10) : null)

const rowOf = (raw: Raw, ufs: string[]): CoverageRow => ({
  key: raw.key,
  name: raw.name,
  first: day(raw.first),
  last: day(raw.last),
  ufs,
  count: Number(raw.count) || 0,
  updatedAt: raw.updatedAt ? Number(raw.updatedAt) || null : null,
})

/** One source's aggregates from several shards as one row: the widest period, the sum, the union. */
function mergeRaw(lists: Raw[][]): Raw[] {
  const byKey = new Map<string, Raw>()
  for (const raw of lists.flat()) {
    const seen = byKey.get(raw.key)
    if (!seen) {
      byKey.set(raw.key, { ...raw })
      continue
    }
    const firsts = [seen.first, raw.first].filter((d): d is string => Boolean(d)).sort()
    const lasts = [seen.last, raw.last].filter((d): d is string => Boolean(d)).sort()
    byKey.set(raw.key, {
      ...seen,
      first: firsts[0] ?? null,
      last: lasts.at(-1) ?? null,
      ufs: [seen.ufs, raw.ufs].filter(Boolean).join(',') || null,
      count: Number(seen.count) + Number(raw.count),
      updatedAt: Math.max(Number(seen.updatedAt) || 0, Number(raw.updatedAt) || 0) || null,
    })
  }
  return [...byKey.values()]
}

// Each takes the condition "this row is the database's own" (empty but in a split's window,
// decisions/0083: the moved rows are then in two databases and would be counted twice).
type Own = (column: SQL, word?: 'AND' | 'WHERE') => SQL
// Gazettes: each one (DOU, DJEN, each state or municipal gazette), by its matérias' dates.
const GAZETTES = (
  own: Own,
) => sql`SELECT g.slug AS key, g.name AS name, min(a.date) AS first, max(a.date) AS last, g.uf AS ufs,
    count(a.id) AS count, max(a.imported_at) AS updatedAt, g.sphere AS sphere
  FROM gazettes g LEFT JOIN gazette_articles a ON a.gazette_id = g.id${own(sql`a.id`)}
  GROUP BY g.id ORDER BY g.sphere, g.name`
// Lawsuits (DataJud), per court: public ones only, dated by filing, UFs from their cities.
const LAWSUITS = (
  own: Own,
) => sql`SELECT l.court AS key, l.court AS name, min(l.filed_at) AS first, max(l.filed_at) AS last,
    group_concat(DISTINCT c.uf) AS ufs, count(*) AS count, max(l.imported_at) AS updatedAt
  FROM lawsuits l LEFT JOIN cities c ON c.code = l.city_code
  WHERE l.secrecy_level = 0${own(sql`l.id`)} GROUP BY l.court ORDER BY l.court`
const CASE_LAW = (
  own: Own,
) => sql`SELECT court AS key, court AS name, min(coalesce(published_at, judged_at)) AS first,
    max(coalesce(published_at, judged_at)) AS last, NULL AS ufs, count(*) AS count,
    max(imported_at) AS updatedAt
  FROM decisions${own(sql`id`, 'WHERE')} GROUP BY court ORDER BY court`
const STATUTES = (
  own: Own,
) => sql`SELECT 'legislacao' AS key, 'Legislação' AS name, min(date) AS first, max(date) AS last, NULL AS ufs,
    count(*) AS count, max(imported_at) AS updatedAt FROM statutes${own(sql`id`, 'WHERE')}`

const byKey = (a: Raw, b: Raw) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
const bySphere = (a: Raw, b: Raw) =>
  (a.sphere ?? '').localeCompare(b.sphere ?? '') || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** A kind's aggregate: its statement, the order of its merged rows, and its section of the page. */
const aggregate = <S extends keyof Coverage>(
  section: S,
  query: (own: Own) => SQL,
  order: (a: Raw, b: Raw) => number,
  rows: (raws: Raw[]) => Coverage[S],
) => ({ section, query, order, rows })

/**
 * Coverage's aggregate of each kind of the catalogue (corpus/kinds.ts): a kind without one here,
 * or the reason it has none, does not compile. Asked in this order.
 */
const AGGREGATES = {
  materia: aggregate('gazettes', GAZETTES, bySphere, (raws) =>
    raws.filter((raw) => Number(raw.count) > 0).map((raw) => rowOf(raw, ufsOf(raw.ufs))),
  ),
  processo: aggregate('lawsuits', LAWSUITS, byKey, (raws) =>
    raws.map((raw) => rowOf(raw, ufsOf(raw.ufs, courtUf(raw.key)))),
  ),
  decisao: aggregate('caseLaw', CASE_LAW, byKey, (raws) =>
    raws.map((raw) => rowOf(raw, ufsOf(null, courtUf(raw.key)))),
  ),
  lei: aggregate('legislation', STATUTES, byKey, ([legislation]) =>
    legislation && Number(legislation.count) > 0 ? rowOf(legislation, []) : null,
  ),
  // People and companies are what the sources name, not a source the search covers.
  pessoa: null,
  empresa: null,
} satisfies Record<Kind, ReturnType<typeof aggregate> | null>

type Aggregated = NonNullable<(typeof AGGREGATES)[Kind]>
// A section of the page that no kind fills does not compile.
const _everySection: Record<Exclude<keyof Coverage, Aggregated['section']>, never> = {}

/**
 * The aggregates, each asked of the shards of its kind's families (decisions/0075): one D1 batch
 * per database (under the degenerate map, the one batch of before), the rows of a source summed.
 */
export async function coverage(deps: { corpus: Corpus }): Promise<Coverage> {
  const kinds = KIND_NAMES.flatMap((kind) => {
    const found: Aggregated | null = AGGREGATES[kind]
    return found ? [{ ...found, families: KINDS[kind].families }] : []
  })
  const shardsOf = await Promise.all(
    kinds.map((k) => readCorpus.shards(deps.corpus, { families: k.families })),
  )
  const databases = [...new Set(shardsOf.flat().map((s) => s.db))]
  const answers = await Promise.all(
    databases.map(async (db) => {
      const asked = kinds.flatMap((_kind, i) => (shardsOf[i]?.some((s) => s.db === db) ? [i] : []))
      const rows = (await allInBatch(
        db,
        asked.map((i) => {
          const shard = shardsOf[i]?.find((s) => s.db === db)
          return kinds[i]?.query((column, word = 'AND') => ownedClause(shard, column, word)) ?? sql``
        }),
      )) as Raw[][]
      return asked.map((i, n) => ({ kind: i, rows: rows[n] ?? [] }))
    }),
  )
  // One database: its rows in its statement's order; several: merged, then ordered the same way.
  return Object.fromEntries(
    kinds.map((kind, i) => {
      const lists = answers.flat().flatMap((a) => (a.kind === i ? [a.rows] : []))
      const raws = lists.length === 1 ? (lists[0] ?? []) : mergeRaw(lists).sort(kind.order)
      return [kind.section, (kind.rows as (raws: Raw[]) => unknown)(raws)]
    }),
  ) as Coverage
}
