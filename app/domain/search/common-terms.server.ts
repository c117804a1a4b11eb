import { eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { commonTerms } from '~/db/schema'
import { readCorpus } from '~/domain/corpus/access.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { B, bm25PartSql, hexByteSql, K1, readVarints } from './bm25'
import { combineMatch, NO_MATCH } from './facets'
import { FTS_TABLES, type FtsTable } from './fts-tables'
import { fold } from './marks'

// Words in most of an index's rows (decisions/0110). FTS5's bm25 counts every phrase's rows for
// its IDF by walking the phrase's whole posting list: 21 ms for "de" in the bench's 418,000
// matérias (85 at four times that), paid by "10001 de", which matches one row. A phrase in at least half the rows has
// its IDF clamped to 1e-6 whatever its count, so once that is known the walk buys nothing. These
// words' counts are kept per state of the index (`common_terms`); a ranked search with few
// matches scores such a word itself, with FTS5's arithmetic, and bm25 walks only the others.

/**
 * The Portuguese words that fill most rows of prose (articles, prepositions and their
 * contractions, conjunctions), as the index stores them (lowercase, no accents: "à" is "a").
 * A word below half an index's rows is kept too, and simply never used there.
 */
export const COMMON_TERMS = [
  'a',
  'ao',
  'aos',
  'as',
  'com',
  'da',
  'das',
  'de',
  'do',
  'dos',
  'e',
  'em',
  'na',
  'nas',
  'no',
  'nos',
  'o',
  'os',
  'ou',
  'para',
  'por',
  'que',
  'se',
  'um',
  'uma',
] as const

/**
 * When scoring a common word from the rows' text beats walking its list (decisions/0110). Timed
 * on the bench's 1,000,000 documents (418,000 matérias; node:sqlite, prepared each time as D1
 * does): the two statements cost about 4 ms plus 52 µs a match (79 matches 8.2 ms, 105 10.8, 279
 * 18.9, 312 20.4); bm25's walk of "de" 21 ms, about 50 µs per thousand rows of the index (a
 * shard's round walks it up to three times). So the scoring is chosen only for an index of at
 * least `fixedRows + rowsPerMatch × matches` rows, and never past `most` matches (the bound on
 * its work): a small index (the statutes, the demo) walks, as its walk is cheap. Tests lower the
 * rows to score their few.
 */
export const SCORING_COST = { fixedRows: 80_000, rowsPerMatch: 1_000, most: 500 }

/** A name of the code's own (an index's, a common word's) as an SQL string literal. */
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`

/** An FTS5 index's structure record (`_data` row 10) as hex: changed by every write and merge. */
export const structureOf = (table: FtsTable | 'lawsuit_names') =>
  sql.raw(`(SELECT hex(block) FROM ${table}_fts_data WHERE id = 10)`)

/**
 * One database's common words counted again for each index whose state changed since the last
 * count (a write of any row changes FTS5's structure record). The counts and the state are read
 * apart: a write between them leaves rows stamped with a state the index is no longer in, which
 * no search uses, and the next refresh counts again. Returns the indexes counted.
 */
export async function refreshCommonTerms(
  db: Database,
  // Every one has its text to read back (`highlight` needs it; the lawsuits' contentless
  // names index, migration 0046, is none of these).
  tables: readonly FtsTable[] = Object.keys(FTS_TABLES) as FtsTable[],
): Promise<FtsTable[]> {
  const counted: FtsTable[] = []
  for (const table of tables) {
    const [state] = await db.all<{ structure: string | null; averages: string | null; kept: string | null }>(
      sql`SELECT ${structureOf(table)} AS structure,
        (SELECT hex(block) FROM ${sql.raw(`${table}_fts_data`)} WHERE id = 1) AS averages,
        (SELECT min(structure) FROM common_terms WHERE source = ${table}) AS kept`,
    )
    if (!state?.structure || !state.averages || state.kept === state.structure) continue
    const [rows = 0, ...columns] = readVarints(state.averages)
    const tokens = columns.reduce((sum, n) => sum + n, 0)
    const fts = sql.raw(`${table}_fts`)
    // Each word's MATCH as bm25's IDF counts its phrase (the text columns), from one bound list:
    // D1 binds at most 100 values a statement.
    const [before, after] = combineMatch(FTS_TABLES[table].columns, '"\u0000"', []).split('\u0000')
    const counts = sql`SELECT ${table}, value, (SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ${before} || value || ${after}),
      ${rows}, ${tokens}, ${state.structure} FROM json_each(${JSON.stringify(COMMON_TERMS)})`
    await db.batch([
      db.delete(commonTerms).where(eq(commonTerms.source, table)),
      db.insert(commonTerms).select(counts),
    ])
    counted.push(table)
  }
  return counted
}

/**
 * Every corpus database's common words, where its indexes changed (the cron, after each tick's
 * imports; the seed). A database whose count fails keeps its old rows, which no search uses once
 * the index moved on: searches walk as before until the next tick.
 */
export async function refreshCorpusCommonTerms(corpus: Corpus): Promise<number> {
  const databases = await readCorpus.databases(corpus)
  let counted = 0
  for (const db of databases) counted += (await refreshCommonTerms(db)).length
  return counted
}

const isCommonPhrase = (phrase: string) => (COMMON_TERMS as readonly string[]).includes(phrase.slice(1, -1))

/**
 * A common word's rows as counted for the index's current state (NULL when the index moved on
 * since, or never counted), for a phrase that is one (`"de"`); null for any other phrase.
 */
export function storedDocs(table: FtsTable, phrase: string): SQL | null {
  if (!isCommonPhrase(phrase)) return null
  return sql`(SELECT docs FROM common_terms WHERE source = ${table} AND term = ${phrase.slice(1, -1)} AND structure = ${structureOf(table)})`
}

/** A query's phrases split for `clampedScore`: those scored by bm25 and the common words. */
export type ClampedPlan = {
  table: FtsTable
  /** Every phrase of the query, in its order (FTS5 sums the phrases' parts in this order). */
  phrases: { text: string; common: boolean }[]
}

/**
 * Whether a query can have its common words scored without their walk, and how: at least one
 * phrase that is not a common word (it bounds the matches and its walk is the one paid), each
 * common word a phrase of its own, and no common word inside another phrase (its instances
 * would then overlap that phrase's, and `highlight` merges overlapping instances).
 */
export function clampedPlan(table: FtsTable, phrases: readonly string[]): ClampedPlan | null {
  if (phrases.length < 2) return null
  const isCommon = isCommonPhrase
  const common = phrases.filter(isCommon)
  if (!common.length || common.length === phrases.length) return null
  const others = new Set(
    phrases
      .filter((p) => !isCommon(p))
      .flatMap((p) => fold(p.slice(1, -1).replace(/""/g, '"')).match(/[\p{L}\p{N}]+/gu) ?? []),
  )
  if (common.some((p) => others.has(p.slice(1, -1)))) return null
  return { table, phrases: phrases.map((text) => ({ text, common: isCommon(text) })) }
}

/**
 * The CTE `cw`: whether a query's common words can be scored without their walk here (the
 * index is in the state its counts were taken in, each word is in at least half its rows, so
 * its IDF is 1e-6), `ready` holds (an SQL condition on earlier CTEs) and the `matches` (an SQL
 * count) are few enough for this index (`SCORING_COST`); and the index's average row length in
 * that state. A ranked statement carries only this check and, where it holds, leaves bm25 out
 * and says so: the statement that scores (`clampedScore`) is sent only then, because its CTEs cost
 * a statement about 1.5 ms to prepare and run even when they read nothing (decisions/0110).
 */
export function commonCheck(plan: ClampedPlan, matches: SQL, ready: SQL = sql`1`): SQL {
  const common = plan.phrases.filter((p) => p.common).map((p) => p.text.slice(1, -1))
  const { fixedRows, rowsPerMatch, most } = SCORING_COST
  // FTS5's constants are bound once here, and the words written in: D1 binds at most 100 values
  // a statement, and a query of twelve words may score eleven common ones.
  return sql`cw AS MATERIALIZED (SELECT count(*) = ${int(common.length)} AND ${ready}
        AND ${matches} BETWEEN 1 AND ${int(most)}
        AND max(rows) >= ${int(fixedRows)} + ${int(rowsPerMatch)} * ${matches} AS yes,
      CAST(max(tokens) AS REAL) / max(rows) AS avgdl, ${1e-6} AS idf_floor, ${K1} AS k1, ${B} AS b
      FROM common_terms WHERE source = ${sql.raw(quoted(plan.table))} AND term IN (${sql.raw(common.map(quoted).join(', '))}) AND 2 * docs >= rows AND structure = ${structureOf(plan.table)})`
}

/**
 * SELECTs joined by UNION ALL, nested four at a time: D1 allows five terms in a compound SELECT
 * (found by probing workerd's), and the scoring has one per phrase plus two. The first term
 * names the columns.
 */
function unionAll(terms: SQL[]): SQL {
  const most = 4
  if (terms.length <= most) return sql.join(terms, sql` UNION ALL `)
  const groups: SQL[] = []
  for (let at = 0; at < terms.length; at += most)
    groups.push(sql`SELECT * FROM (${sql.join(terms.slice(at, at + most), sql` UNION ALL `)})`)
  return unionAll(groups)
}

/**
 * A whole number as SQL text, not a bound value. In the scoring statement a bound LIMIT made
 * SQLite run it 1.3 ms slower than the same statement with the number written in (measured with
 * node:sqlite; each bound alone cost the same), so its numbers are written in: only integers of
 * the code's own or already validated.
 */
export function int(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`)
  return sql.raw(String(n))
}

/**
 * The CTEs that score a query's matches as FTS5's bm25 does, without its IDF walk of the common
 * words, after `commonCheck`'s `cw` and when it holds; otherwise they read nothing and `scored`
 * is empty (the index changed between the two statements: bm25 then ranks, as before).
 * - `m`: the matches of the words (`words`), within the filters' (`within`, a SELECT of `id`);
 * - `b<i>`: bm25 of each other phrase alone, which is FTS5's own part for that phrase;
 * - `h`, `h<i>`: the instances of the other phrases, and of them with each common word, in the
 *   weighted columns (`highlight`'s marks), whose difference is the common word's count in the row;
 * - `sz`: the row's length in tokens (its `_docsize` record, summed);
 * - `terms`: each phrase's part of the score (`t<i>`, in the query's order), computed as
 *   fts5_aux.c computes it; `-t<i>` is bm25 of that phrase alone (a shard's phrase scores);
 * - `scored`: FTS5's sum of the parts in their order, `-1.0 * score`: bm25's scores to the bit.
 * `weights` are bm25's (1.0 for each text column, 0.0 for the facets).
 */
export function clampedScore(plan: ClampedPlan, words: string, within?: SQL): SQL {
  const { table, phrases } = plan
  const columns = FTS_TABLES[table].columns
  const fts = sql.raw(`${table}_fts`)
  const weights = sql.raw([...columns.map(() => '1.0'), '0.0'].join(', '))
  const common = phrases.filter((p) => p.common).map((p) => p.text.slice(1, -1))
  const others = phrases.filter((p) => !p.common).map((p) => p.text)
  const when = (expression: string) =>
    sql`(CASE WHEN (SELECT yes FROM cw) THEN ${expression} ELSE ${sql.raw(quoted(NO_MATCH))} END)`
  // A column's instances: highlight() adds one mark of one character per (merged) instance.
  const marks = sql.join(
    columns.map((c, i) =>
      sql.raw(`coalesce(length(highlight(${table}_fts, ${i}, char(1), '')) - length(${c}), 0)`),
    ),
    sql` + `,
  )
  // Each piece is one arm of `parts` (`k`: which), grouped by row in `terms`: one join the
  // planner sees, not one per piece (five joined CTEs cost 0.8 ms to prepare, decisions/0110).
  const inM = sql`+rowid IN (SELECT id FROM m)`
  const arms: SQL[] = others.map(
    (phrase, i) =>
      sql`SELECT rowid AS id, ${int(i)} AS k, bm25(${fts}, ${weights}) AS v FROM ${fts} WHERE ${fts} MATCH ${when(combineMatch(columns, phrase, []))} AND ${inM}`,
  )
  const instances = (k: number, expression: string) =>
    sql`SELECT rowid, ${int(k)}, ${marks} FROM ${fts} WHERE ${fts} MATCH ${when(expression)} AND ${inM}`
  arms.push(instances(-1, combineMatch(columns, others.join(' '), [])))
  for (const [i, term] of common.entries())
    arms.push(instances(100 + i, combineMatch(columns, [...others, `"${term}"`].join(' '), [])))
  arms.push(sql`SELECT id, -2, d FROM sz_walk WHERE at > length(bytes)`)
  const piece = (k: number) => sql.raw(`max(CASE WHEN k = ${k} THEN v END)`)
  // The row's `_docsize` record, a varint per column, summed: `b` is the byte at `at`.
  const byteAt = (at: string) => sql.raw(hexByteSql('bytes', at))
  const parts: SQL[] = []
  let other = 0
  let word = 0
  for (const phrase of phrases) {
    if (phrase.common) {
      parts.push(
        sql.raw(
          bm25PartSql({
            idf: 'cw.idf_floor',
            freq: `(h${word} - h)`,
            size: 'd',
            k1: 'cw.k1',
            b: 'cw.b',
            avgdl: 'cw.avgdl',
          }),
        ),
      )
      word += 1
    } else {
      parts.push(sql.raw(`(-1.0 * b${other})`))
      other += 1
    }
  }
  const sum = parts.reduce((acc, _, i) => sql`(${acc} + ${sql.raw(`t${i}`)})`, sql`0.0`)
  return sql`    m AS MATERIALIZED (SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ${when(words)}${within ? sql` AND +rowid IN (${within})` : sql``}),
    sz_walk(id, bytes, at, part, d, b) AS (SELECT id, bytes, 1, 0, 0, ${byteAt('1')} FROM (SELECT id, hex(sz) AS bytes FROM ${sql.raw(`${table}_fts_docsize`)} WHERE id IN (SELECT id FROM m))
      UNION ALL SELECT id, bytes, at + 2, CASE WHEN b >= 128 THEN part * 128 + b - 128 ELSE 0 END,
        CASE WHEN b >= 128 THEN d ELSE d + part * 128 + b END, ${byteAt('at + 2')} FROM sz_walk WHERE at < length(bytes)),
    scored AS MATERIALIZED (SELECT id, -1.0 * ${sum} AS score, ${sql.raw(parts.map((_, i) => `t${i}`).join(', '))}
      FROM (SELECT id, ${sql.join(
        parts.map((part, i) => sql`${part} AS ${sql.raw(`t${i}`)}`),
        sql`, `,
      )} FROM (SELECT id, ${sql.join(
        [
          ...others.map((_, i) => sql`${piece(i)} AS ${sql.raw(`b${i}`)}`),
          sql`${piece(-1)} AS h`,
          ...common.map((_, i) => sql`${piece(100 + i)} AS ${sql.raw(`h${i}`)}`),
          sql`${piece(-2)} AS d`,
        ],
        sql`, `,
      )} FROM (${unionAll(arms)}) GROUP BY id) CROSS JOIN cw))`
}
