import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { spellingSweep, spellingTerms } from '~/db/schema'
import type { FtsTable } from './fts.server'

/**
 * The spelling dictionary (decisions/0042): each index's words with their document counts, copied
 * from its fts5vocab table into `spelling_terms`. Reading fts5vocab costs a scan of every posting
 * of every term read (a prefix like "de" is 34 ms at a million matérias, and grows with the
 * corpus); the copy is an index range read. It is refreshed in buckets, an index and a two-letter
 * prefix each, a few per cron run, so a new word reaches the suggestions within hours (the search
 * itself finds it at once).
 */
export const SPELLING_SOURCES = [
  'gazette_articles',
  'people',
  'companies',
  'parties',
  'decisions',
  'provisions',
] as const satisfies readonly FtsTable[]
export type SpellingSource = (typeof SPELLING_SOURCES)[number]

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'
/** Corrections keep the first two letters, so only words starting with two letters are kept. */
export const SPELLING_PREFIXES = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b))
export const SPELLING_BUCKETS = SPELLING_SOURCES.length * SPELLING_PREFIXES.length
/** 60 a run, every 5 minutes: every bucket about every 6 hours, each run a few hundred ms of D1. */
export const SPELLING_BUCKETS_PER_RUN = 60

/** The next string after every string starting with `prefix` ("ab" → "ac", "az" → "a{"). */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)
}

/** Replace the dictionary's words in [from, to) with the index's: two statements, run in a batch. */
function refreshRange(db: Database, source: SpellingSource, from: string, to: string) {
  const vocab = sql.raw(`${source}_fts_vocab`)
  return [
    db
      .delete(spellingTerms)
      .where(
        and(eq(spellingTerms.source, source), gte(spellingTerms.term, from), lt(spellingTerms.term, to)),
      ),
    // The columns in the table's order: source, term, docs.
    db.insert(spellingTerms).select(sql`SELECT ${source}, term, sum(doc) FROM ${vocab}
      WHERE term >= ${from} AND term < ${to} AND col != 'facets' AND term GLOB '[a-z][a-z]*'
      GROUP BY term`),
  ] as const
}

/**
 * One cron run's share: the next `count` buckets after where the last run stopped, each bucket
 * with the new position in one batch (a transaction), so a run cut short loses nothing.
 */
export async function sweepSpelling(
  db: Database,
  count = SPELLING_BUCKETS_PER_RUN,
): Promise<{ refreshed: number; position: number }> {
  const [row] = await db.select().from(spellingSweep).where(eq(spellingSweep.id, 1))
  let position = (row?.position ?? 0) % SPELLING_BUCKETS
  for (let i = 0; i < Math.min(count, SPELLING_BUCKETS); i++) {
    const source = SPELLING_SOURCES[Math.floor(position / SPELLING_PREFIXES.length)] as SpellingSource
    const prefix = SPELLING_PREFIXES[position % SPELLING_PREFIXES.length] as string
    position = (position + 1) % SPELLING_BUCKETS
    await db.batch([
      ...refreshRange(db, source, prefix, prefixEnd(prefix)),
      db
        .insert(spellingSweep)
        .values({ id: 1, position })
        .onConflictDoUpdate({ target: spellingSweep.id, set: { position } }),
    ])
  }
  return { refreshed: Math.min(count, SPELLING_BUCKETS), position }
}

/** Every bucket of these indexes at once (the seed, tests): one batch per index. */
export async function rebuildSpelling(
  db: Database,
  sources: readonly SpellingSource[] = SPELLING_SOURCES,
): Promise<number> {
  for (const source of sources) await db.batch([...refreshRange(db, source, 'aa', prefixEnd('zz'))])
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(spellingTerms)
  return row?.n ?? 0
}
