import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { hiddenPages, type PageKind } from '~/db/schema-trust'
import { KINDS } from '~/domain/corpus/kinds'
import { ownedBy } from '~/domain/corpus/read/across-shards.server'
import type { Corpus } from '~/domain/corpus/shards.server'

// What a search across shards reads beside the shards' rows (decisions/0076): the primary's
// de-indexed pages, and how often people and companies appear in other shards.

/** Every page de-indexed on request, by kind: one statement on the primary. */
export type Unlisted = Map<PageKind, Set<number>>
export async function unlistedPages(primary: Database): Promise<Unlisted> {
  const rows = await primary
    .select({ kind: hiddenPages.kind, id: hiddenPages.refId })
    .from(hiddenPages)
    // A masked person page is out of listings too (unlistingEffects).
    .where(
      sql`${hiddenPages.effect} = 'desindexar' OR (${hiddenPages.kind} = 'pessoa' AND ${hiddenPages.effect} = 'mascarar')`,
    )
  const unlisted: Unlisted = new Map()
  for (const row of rows) {
    const ids = unlisted.get(row.kind) ?? new Set<number>()
    ids.add(row.id)
    unlisted.set(row.kind, ids)
  }
  return unlisted
}

/** Reads the primary's de-indexed pages at most once, and only when a search needs it. */
export function onceUnlisted(primary: Database): () => Promise<Unlisted> {
  let read: Promise<Unlisted> | null = null
  return () => {
    read ??= unlistedPages(primary)
    return read
  }
}

/**
 * How often a person or company appears in public lawsuits and in gazettes, summed over the
 * shards holding lawsuits and matérias (one database's attach counts only its own rows). While a
 * split has a shard in two databases, each counts only the lawsuits and matérias of its own ids
 * (decisions/0077).
 */
export async function appearances<Hit extends { id: number }>(
  corpus: Corpus,
  table: 'people' | 'companies',
  hits: Hit[],
): Promise<Hit[]> {
  return withAppearances(
    hits,
    await appearanceCounts(
      corpus,
      table,
      hits.map((h) => h.id),
    ),
  )
}

export type Appearances = Map<number, { lawsuits: number; gazettes: number }>

/** The summed counts of `appearances`, by id: read as soon as a page's ids are known. */
export async function appearanceCounts(
  corpus: Corpus,
  table: 'people' | 'companies',
  ids: readonly number[],
): Promise<Appearances> {
  if (!ids.length) return new Map()
  const column = sql.raw(table === 'people' ? 'person_id' : 'company_id')
  const databases = await corpus.shardsFor({
    families: [...KINDS.processo.families, ...KINDS.materia.families],
  })
  const counts = await Promise.all(
    databases.map(async (db) => {
      const [suits, gazettes] = await Promise.all([
        corpus.rangesOf(db, { families: KINDS.processo.families }),
        corpus.rangesOf(db, { families: KINDS.materia.families }),
      ])
      const ownSuits = suits ? sql`AND ${ownedBy(sql`pa.lawsuit_id`, suits)}` : sql``
      const ownGazettes = gazettes ? sql`AND ${ownedBy(sql`m.article_id`, gazettes)}` : sql``
      return db.all<{ id: number; lawsuits: number; gazettes: number }>(
        sql`SELECT e.value AS id,
          (SELECT count(*) FROM parties pa CROSS JOIN lawsuits l ON l.id = pa.lawsuit_id WHERE pa.${column} = e.value AND l.secrecy_level = 0 ${ownSuits}) AS lawsuits,
          (SELECT count(*) FROM article_mentions m WHERE m.${column} = e.value ${ownGazettes}) AS gazettes
          FROM json_each(${JSON.stringify(ids)}) e`,
      )
    }),
  )
  const sums: Appearances = new Map()
  for (const row of counts.flat()) {
    const sum = sums.get(row.id) ?? { lawsuits: 0, gazettes: 0 }
    sums.set(row.id, { lawsuits: sum.lawsuits + row.lawsuits, gazettes: sum.gazettes + row.gazettes })
  }
  return sums
}

export const withAppearances = <Hit extends { id: number }>(hits: Hit[], sums: Appearances): Hit[] =>
  hits.map((h) => ({ ...h, ...(sums.get(h.id) ?? { lawsuits: 0, gazettes: 0 }) }))
