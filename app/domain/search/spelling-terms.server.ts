import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Database } from '~/db/client.server'
import { spellingSweep, spellingTerms } from '~/db/schema'
import { readCorpus } from '~/domain/corpus/access.server'
import { type Corpus, singleDatabaseCorpus } from '~/domain/corpus/shards.server'
import { chunk } from '~/domain/corpus/store/batch.server'
import type { FtsTable } from './fts.server'
import { TABLE_FAMILIES } from './shard-filter'

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

/** Terms per insert: one bound JSON array each. */
const TERMS_PER_STATEMENT = 2000

/**
 * The statements replacing the dictionary's words in [from, to): each corpus database's words
 * read first and their document counts summed (the databases hold disjoint documents: one
 * database's counts; one database is a one-entry map, read the same way).
 */
async function rangeStatements(
  db: Database,
  source: SpellingSource,
  from: string,
  to: string,
  corpus: Corpus | undefined,
): Promise<BatchItem<'sqlite'>[]> {
  const owned = await readCorpus.each(
    corpus ?? singleDatabaseCorpus(db),
    { filter: { families: TABLE_FAMILIES[source] } },
    async (shard) => shard,
  )
  const shards = owned.map((s) => s.db)
  // A split's window (decisions/0077, 0083): the moved rows are in two databases, and FTS5's
  // word counts cannot be asked for some ids only. The words stay as they were (the same
  // documents' counts) until the delete; the bucket is refreshed on its next turn.
  if (owned.some((s) => s.ranges)) return []
  const vocab = sql.raw(`${source}_fts_vocab`)
  const lists = await Promise.all(
    shards.map((shard) =>
      shard.all<{ term: string; docs: number }>(
        sql`SELECT term, sum(doc) AS docs FROM ${vocab}
          WHERE term >= ${from} AND term < ${to} AND col != 'facets' AND term GLOB '[a-z][a-z]*' GROUP BY term`,
      ),
    ),
  )
  const docs = new Map<string, number>()
  for (const row of lists.flat()) docs.set(row.term, (docs.get(row.term) ?? 0) + row.docs)
  const terms = [...docs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return [
    clearRange(db, source, from, to),
    ...chunk(terms, TERMS_PER_STATEMENT).map((part) =>
      db
        .insert(spellingTerms)
        .select(
          sql`SELECT ${source}, value ->> 0, value ->> 1 FROM json_each(${JSON.stringify(part)}) WHERE true`,
        ),
    ),
  ]
}

/** The dictionary's words in [from, to) deleted (the first statement of a bucket's batch). */
const clearRange = (db: Database, source: SpellingSource, from: string, to: string) =>
  db
    .delete(spellingTerms)
    .where(and(eq(spellingTerms.source, source), gte(spellingTerms.term, from), lt(spellingTerms.term, to)))

/**
 * One cron run's share: the next `count` buckets after where the last run stopped, each bucket
 * with the new position in one batch (a transaction), so a run cut short loses nothing.
 */
export async function sweepSpelling(
  db: Database,
  count = SPELLING_BUCKETS_PER_RUN,
  /** Where the indexes live (decisions/0072); none: `db` is the whole corpus (a one-entry map). */
  corpus?: Corpus,
): Promise<{ refreshed: number; position: number }> {
  const [row] = await db.select().from(spellingSweep).where(eq(spellingSweep.id, 1))
  let position = (row?.position ?? 0) % SPELLING_BUCKETS
  for (let i = 0; i < Math.min(count, SPELLING_BUCKETS); i++) {
    const source = SPELLING_SOURCES[Math.floor(position / SPELLING_PREFIXES.length)] as SpellingSource
    const prefix = SPELLING_PREFIXES[position % SPELLING_PREFIXES.length] as string
    position = (position + 1) % SPELLING_BUCKETS
    // The words and the new position in one transaction (the order within it does not matter).
    await db.batch([
      db
        .insert(spellingSweep)
        .values({ id: 1, position })
        .onConflictDoUpdate({ target: spellingSweep.id, set: { position } }),
      ...(await rangeStatements(db, source, prefix, prefixEnd(prefix), corpus)),
    ])
  }
  return { refreshed: Math.min(count, SPELLING_BUCKETS), position }
}

/** Every bucket of these indexes at once (the seed, tests): one batch per index. */
export async function rebuildSpelling(
  db: Database,
  sources: readonly SpellingSource[] = SPELLING_SOURCES,
  corpus?: Corpus,
): Promise<number> {
  for (const source of sources) {
    const [first, ...rest] = await rangeStatements(db, source, 'aa', prefixEnd('zz'), corpus)
    if (first) await db.batch([first, ...rest])
  }
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(spellingTerms)
  return row?.n ?? 0
}
