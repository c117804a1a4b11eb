import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { readCorpus } from '~/domain/corpus/access.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { readVarints } from './bm25'
import { structureOf } from './common-terms.server'
import { FTS_TABLES, type FtsTable } from './fts-tables'

// The FTS5 indexes kept in few segments (decisions/0112). Each import's transaction writes new
// segments and FTS5's automerge folds them four at a time, so a grown index holds a score of
// segments (the bench's parties: 20), and every term a search reads is merged across all of
// them, delete markers included (a split shard's are most of it). Merged into one, the bench's
// "silva" in two courts walks in 1.3 ms instead of 2.5, and the lawsuits' count in 0.9 instead
// of 1.9. FTS5's own `merge` command does the work, a bounded number of pages per call; this
// module only decides when, from the sizes in the index's structure record.

/**
 * When and how much: an index is merged while the segments other than its largest hold more than
 * `spread` of its pages (a full merge after every 10% of new data: about ten times the imported
 * pages written again, for reads that stay within 10% of a single segment's); `pages` per
 * `merge` call (each a statement of about 50 ms here); `budgetMs` a cron tick's share.
 */
export const INDEX_MERGE = { spread: 0.1, pages: 500, budgetMs: 5_000 }

/** The FTS5 tables of every database (the lawsuits' names index is contentless, migration 0046). */
export const MERGED_TABLES = [...(Object.keys(FTS_TABLES) as FtsTable[]), 'lawsuit_names'] as const

/** One segment of an index: its level and its leaf pages. */
export type IndexSegment = { level: number; pages: number }
/**
 * An index's segments, and whether a merge of them all is under way: every segment but one is an
 * input of the merge at one level, the one being its output (fts5IndexOptimizeStruct's test).
 */
export type IndexShape = { segments: IndexSegment[]; finishing: boolean }

/** FTS5's "structure" record (`_data` row 10) marks a version 2 record with these four bytes. */
const STRUCTURE_V2 = 'FF000001'

/**
 * The segments of an index from its structure record (hex), as fts5_index.c's
 * fts5StructureDecode reads it: a 4-byte cookie, an optional version-2 marker, then varints (the
 * levels, the segments, a write counter, and per level its merge count, its segments and each
 * one's id, first and last page; a version 2 record has five more per segment). Null for a
 * record not read whole and consistent: no merge is then started.
 */
export function readSegments(hex: string | null): IndexShape | null {
  // A record cut inside a varint (its last byte would carry the continuation bit) is not read.
  if (!hex || hex.length < 10 || hex.length % 2 || Number.parseInt(hex.slice(-2), 16) & 0x80) return null
  const v2 = hex.slice(8, 16).toUpperCase() === STRUCTURE_V2
  const values = readVarints(hex.slice(v2 ? 16 : 8))
  let at = 0
  const next = () => values[at++]
  const levels = next()
  const total = next()
  next() // the write counter
  if (levels === undefined || total === undefined) return null
  const segments: IndexSegment[] = []
  let finishing = false
  for (let level = 0; level < levels; level++) {
    const merging = next()
    const count = next()
    if (merging === undefined || count === undefined || merging > count) return null
    if (merging > 0 && merging === count && count === total - 1) finishing = true
    for (let s = 0; s < count; s++) {
      next() // the segment's id
      const first = next()
      const last = next()
      if (v2) at += 5
      if (first === undefined || last === undefined || last < first) return null
      segments.push({ level, pages: last - first + 1 })
    }
  }
  return segments.length === total && at === values.length ? { segments, finishing } : null
}

/**
 * Whether an index calls for a merge: one under way is finished (so the index ends in one
 * segment, not in the merge's leftovers), else one starts past `INDEX_MERGE.spread`.
 */
export function needsMerge(shape: IndexShape | null): boolean {
  if (!shape || shape.segments.length < 2) return false
  if (shape.finishing) return true
  const { segments } = shape
  const pages = segments.reduce((sum, s) => sum + s.pages, 0)
  const largest = Math.max(...segments.map((s) => s.pages))
  return pages - largest > INDEX_MERGE.spread * pages
}

async function structureHex(db: Database, table: (typeof MERGED_TABLES)[number]): Promise<string | null> {
  const [row] = await db.all<{ h: string | null }>(sql`SELECT ${structureOf(table)} AS h`)
  return row?.h ?? null
}

/**
 * One database's indexes merged where they call for it, `pages` at a time, until each is merged
 * or `budgetMs` (measured from `started`) is spent; a merge left half-done goes on at the next
 * tick (FTS5 keeps its state; reads are right at every step). A call that leaves the structure
 * record as it was, or more calls than the index has pages to write, end that index's turn: the
 * loop never depends on the clock alone (which stands still between I/O in the Workers runtime,
 * and in tests that fake it). Returns the calls made.
 */
export async function mergeIndexes(
  db: Database,
  { budgetMs = INDEX_MERGE.budgetMs, started = Date.now(), pages = INDEX_MERGE.pages } = {},
): Promise<number> {
  const step = Math.max(1, Math.trunc(pages))
  let calls = 0
  for (const table of MERGED_TABLES) {
    const fts = sql.raw(`${table}_fts`)
    let record = await structureHex(db, table)
    const shape = readSegments(record)
    const most = Math.ceil((shape?.segments.reduce((sum, s) => sum + s.pages, 0) ?? 0) / step) + 2
    for (
      let made = 0;
      made < most && Date.now() - started < budgetMs && needsMerge(readSegments(record));
      made++
    ) {
      await db.run(sql`INSERT INTO ${fts} (${fts}, rank) VALUES ('merge', ${-step})`)
      calls++
      const after = await structureHex(db, table)
      if (after === record) {
        console.warn(JSON.stringify({ indexMerge: table, stalled: readSegments(record) }))
        break
      }
      record = after
    }
  }
  return calls
}

/** Every corpus database's indexes, one budget for them all (the cron's step; the seed's). */
export async function mergeCorpusIndexes(
  corpus: Corpus,
  options: { budgetMs?: number; pages?: number } = {},
): Promise<number> {
  const started = Date.now()
  let calls = 0
  for (const db of await readCorpus.databases(corpus))
    calls += await mergeIndexes(db, { ...options, started })
  return calls
}
