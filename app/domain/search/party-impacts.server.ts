import { type SQL, sql } from 'drizzle-orm'
import { allInBatch, type Database } from '~/db/client.server'
import { readCorpus } from '~/domain/corpus/access.server'
import type { Corpus } from '~/domain/corpus/shards.server'
import { B, bm25PartSql, hexByteSql, K1, readVarints } from './bm25'
import { fold } from './marks'

// Impact-ordered postings for the parties' names (decisions/0111, migration 0048). bm25 of one
// word in the names orders a party by two numbers only: how often the word is in its name and
// its row's length in tokens. `party_impacts` keeps both per (word, party), so a ranked page of
// "souza" reads, for each count of the word, the shortest rows first, and scores those few
// instead of all 8,005 matches (8 ms of bm25 at 1,000,000 documents, the floor of "lawsuits by
// party"): with FTS5's arithmetic over the index's totals (decisions/0113), so the page and its
// scores are the ones bm25 over every match gives.

/** How many parties one refresh applies per batch (their words: one bound JSON list). */
const CHANGES_PER_BATCH = 200

/** The byte at 1-based position `at` of the hex text `h`. */
const byteAt = (at: string) => hexByteSql('h', `2 * (${at}) - 1`)
/** A varint of at most two bytes starting at byte `at` (a name or facets of < 16,384 tokens). */
const varintAt = (at: string) =>
  `(CASE WHEN ${byteAt(at)} < 128 THEN ${byteAt(at)} ELSE (${byteAt(at)} - 128) * 128 + ${byteAt(`${at} + 1`)} END)`
const widthAt = (at: string) => `(CASE WHEN ${byteAt(at)} < 128 THEN 1 ELSE 2 END)`
const second = `1 + ${widthAt('1')}`
/**
 * A party's row length in tokens from its `_docsize` record `h` (hex): the name's varint plus the
 * facets', as FTS5 sums them for bm25; NULL when the record is not two such varints, which makes
 * the table inexact (never used) rather than wrong.
 */
const ROW_SIZE = `(CASE WHEN length(h) = 2 * (${second} + ${widthAt(second)} - 1) AND (${byteAt('1')} < 128 OR ${byteAt('2')} < 128) AND (${byteAt(second)} < 128 OR ${byteAt(`${second} + 1`)} < 128) THEN ${varintAt('1')} + ${varintAt(second)} END)`
/** The name's length in tokens (its first varint). */
const NAME_SIZE = `(CASE WHEN ${byteAt('1')} < 128 OR ${byteAt('2')} < 128 THEN ${varintAt('1')} END)`

const sizeOf = (doc: string) =>
  sql.raw(`(SELECT ${ROW_SIZE} FROM (SELECT hex(sz) AS h FROM parties_fts_docsize WHERE id = ${doc}))`)

/** Safe integers of our own tables as SQL text: D1 binds at most 100 values a statement. */
const idList = (ids: readonly number[]) => {
  if (!ids.every(Number.isSafeInteger)) throw new Error('party ids must be integers')
  return sql.raw(ids.join(', '))
}

/** The words of a name as the index folds them (a superset is harmless: see `applyChanges`). */
export function nameTerms(name: string | null): string[] {
  return [...new Set(fold(name ?? '').match(/[\p{L}\p{N}]+/gu) ?? [])]
}

/**
 * Past `buildAfter` listed parties, the table is built anew instead: each batch reads its words'
 * whole posting lists again, which for a large import costs more than one pass over them all.
 */
export const IMPACT_REFRESH = { buildAfter: 20_000 }

/**
 * One database's impacts brought up to date with its parties' index: built from FTS5's own
 * postings where never built, found inexact or behind by more than `IMPACT_REFRESH.buildAfter`,
 * else the listed changes applied a batch at a time, at most `batches` of them (the cron's share
 * of a tick; the rest waits for the next, searches ranking by bm25 meanwhile). Returns the parties
 * applied (or rows built).
 */
export async function refreshPartyImpacts(
  db: Database,
  { batches = Number.POSITIVE_INFINITY } = {},
): Promise<number> {
  const applied = await catchUp(db, batches)
  await keepTotals(db)
  return applied
}

/**
 * The index's totals bm25 divides by (its rows, and its tokens in every column: FTS5's averages
 * record, `_data` row 1), kept with the record itself, in one statement that writes only if that
 * record is still the index's: a search scores from them only while it is (decisions/0113).
 */
async function keepTotals(db: Database) {
  const [live] = await db.all<{ h: string | null }>(
    sql`SELECT hex(block) AS h FROM parties_fts_data WHERE id = 1`,
  )
  if (!live?.h) return
  const [rows = 0, ...columns] = readVarints(live.h)
  const tokens = columns.reduce((sum, n) => sum + n, 0)
  await db.run(sql`UPDATE party_impacts_state SET averages = (SELECT block FROM parties_fts_data WHERE id = 1),
    rows = ${rows}, tokens = ${tokens}
    WHERE id = 1 AND (SELECT hex(block) FROM parties_fts_data WHERE id = 1) = ${live.h} AND averages IS NOT (SELECT block FROM parties_fts_data WHERE id = 1)`)
}

async function catchUp(db: Database, batches: number): Promise<number> {
  const [state] = await db.all<{ exact: number | null; behind: number }>(
    sql`SELECT (SELECT exact FROM party_impacts_state WHERE id = 1) AS exact,
      (SELECT count(*) FROM (SELECT 1 FROM party_impact_changes LIMIT ${IMPACT_REFRESH.buildAfter + 1})) AS behind`,
  )
  if (state?.exact !== 1 || (state.behind ?? 0) > IMPACT_REFRESH.buildAfter) return buildPartyImpacts(db)
  let applied = 0
  for (let batch = 0; batch < batches; batch++) {
    const changed = await db.all<{ id: number; name: string | null }>(
      sql`SELECT c.party_id AS id, p.name AS name FROM party_impact_changes c LEFT JOIN parties p ON p.id = c.party_id ORDER BY c.party_id LIMIT ${CHANGES_PER_BATCH}`,
    )
    if (!changed.length) return applied
    await applyChanges(db, changed)
    applied += changed.length
    const [after] = await db.all<{ exact: number | null }>(
      sql`SELECT exact FROM party_impacts_state WHERE id = 1`,
    )
    if (after?.exact !== 1) return applied + (await buildPartyImpacts(db))
  }
  return applied
}

/**
 * Every posting from FTS5's instance table, with each row's length, in one statement; the state
 * and the change list in the same batch, so a write between them is either in the build or
 * listed after it.
 */
async function buildPartyImpacts(db: Database): Promise<number> {
  await allInBatch(db, [
    sql`DELETE FROM party_impacts`,
    sql`INSERT INTO party_impacts (term, freq, size, party_id)
      WITH sizes AS MATERIALIZED (SELECT id, ${sql.raw(ROW_SIZE)} AS size FROM (SELECT id, hex(sz) AS h FROM parties_fts_docsize))
      SELECT v.term, v.freq, s.size, v.doc FROM (SELECT term, doc, count(*) AS freq FROM parties_fts_instances WHERE col = 'name' GROUP BY term, doc) v
      LEFT JOIN sizes s ON s.id = v.doc`,
    sql`DELETE FROM party_impact_changes`,
    sql`INSERT OR REPLACE INTO party_impacts_state (id, exact) VALUES (1, NOT EXISTS (SELECT 1 FROM party_impacts WHERE size IS NULL))`,
  ])
  const [built] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM party_impacts`)
  return built?.n ?? 0
}

/**
 * Some changed parties, in one batch (a transaction): their postings dropped and read again from
 * FTS5's instance table for the words their names have now; then each name's length in the index
 * must equal its postings' counts summed, or a word was missed (a name tokenised otherwise than
 * here) and the table is marked inexact, to be built again. A party changed again meanwhile keeps
 * its place in the list only if the batch has not removed it; either way the check covers it.
 */
async function applyChanges(db: Database, changed: { id: number; name: string | null }[]) {
  const ids = changed.map((c) => c.id)
  const terms = [...new Set(changed.flatMap((c) => nameTerms(c.name)))]
  const list = idList(ids)
  await allInBatch(db, [
    sql`DELETE FROM party_impacts WHERE party_id IN (${list})`,
    sql`INSERT INTO party_impacts (term, freq, size, party_id)
      SELECT term, count(*), ${sizeOf('doc')}, doc FROM parties_fts_instances
      WHERE term IN (SELECT value FROM json_each(${JSON.stringify(terms)})) AND col = 'name' AND doc IN (${list})
      GROUP BY term, doc`,
    sql`UPDATE party_impacts_state SET exact = 0 WHERE EXISTS (
      SELECT 1 FROM (SELECT id, hex(sz) AS h FROM parties_fts_docsize WHERE id IN (${list})) d
      WHERE ${sql.raw(NAME_SIZE)} IS NOT (SELECT coalesce(sum(freq), 0) FROM party_impacts WHERE party_id = d.id))
      OR EXISTS (SELECT 1 FROM party_impacts WHERE party_id IN (${list}) AND size IS NULL)`,
    sql`DELETE FROM party_impact_changes WHERE party_id IN (${list})`,
  ])
}

/**
 * Every corpus database's party impacts, after each tick's imports (the cron: 25 batches, 5,000
 * parties, per database and tick) and at the seed (all of them).
 */
export async function refreshCorpusPartyImpacts(
  corpus: Corpus,
  options: { batches?: number } = {},
): Promise<number> {
  let applied = 0
  for (const db of await readCorpus.databases(corpus)) applied += await refreshPartyImpacts(db, options)
  return applied
}

/**
 * The one word of a search of the parties' names the impacts can rank (a single quoted word, as
 * `toMatchExpression` writes one), folded as the index stores it; null for anything else (two
 * words, a phrase): those rank by bm25 as before.
 */
export function impactTerm(userExpression: string): string | null {
  const one = /^"([^"]+)"$/.exec(userExpression)
  if (!one?.[1]) return null
  const term = fold(one[1])
  return /^[\p{L}\p{N}]+$/u.test(term) ? term : null
}

/**
 * The CTEs `ic` (whether the impacts rank this search, and bm25's numbers for its word) and
 * `cand` (the rows that can reach the page).
 * - `ic.yes`: `ready` (an SQL condition on the ranked regime) holds; no change is pending; the
 *   table is exact; it holds the word's `matches` (the statement's own count of them, so a word
 *   folded otherwise than by the index is never ranked from it); the totals kept are the index's
 *   current ones (its averages record is the one they were read from); and the word is in fewer
 *   than half the rows (else FTS5 floors its IDF, which is left to bm25).
 * - `ic.idf`, `ic.avgdl`, `ic.k1`, `ic.b`: as fts5_aux.c computes them, `matches` being the rows
 *   with the word (bm25's `nHit`: the word's phrase alone).
 * - `cand`: the `most` best rows with the word once, by length (bm25's order among them: the
 *   shorter row scores better, and equal rows tie on id), and every row with the word more than
 *   once (about 1% of a name's word's rows; at most `cap` where bm25 ranks, and the bound on the
 *   read where it does not), with their `freq` and `size`. The page's rows are among them.
 *   Within the filters' matches (`within`, a SELECT of `id`, empty unless `ready`), the list is
 *   read until it has `most` of them; `ready` guards that read, which would otherwise go through
 *   all of a word's rows where `within` is empty.
 * Each reference to a CTE makes SQLite prepare its body again (timed with node:sqlite: 1.1 ms of
 * the statement's preparation when each list read `ic`), so `ic` is read by the two ranked arms only.
 */
export function impactCandidates(
  term: string,
  { most, cap }: { most: SQL; cap: number },
  matches: SQL,
  ready: SQL,
  within?: SQL,
): SQL {
  const inside = within ? sql` AND +party_id IN (${within}) AND ${ready}` : sql``
  // The newest listed change and the state's one row, each one lookup (not a scan of the list).
  return sql`ic AS MATERIALIZED (SELECT coalesce(${ready} AND (SELECT max(party_id) FROM party_impact_changes) IS NULL
        AND st.exact = 1 AND st.averages = (SELECT block FROM parties_fts_data WHERE id = 1) AND 2 * m.n < st.rows
        AND (SELECT count(*) FROM party_impacts WHERE term = ${term}) = m.n, 0) AS yes,
        ln((st.rows - m.n + 0.5) / (m.n + 0.5)) AS idf, CAST(st.tokens AS REAL) / st.rows AS avgdl, ${K1} AS k1, ${B} AS b
        FROM (SELECT ${matches} AS n) m LEFT JOIN party_impacts_state st ON st.id = 1),
      cand AS MATERIALIZED (SELECT party_id AS id, freq, size FROM (SELECT * FROM (SELECT party_id, freq, size FROM party_impacts WHERE term = ${term} AND freq = 1${inside} ORDER BY size, party_id DESC LIMIT ${most})
        UNION ALL SELECT * FROM (SELECT party_id, freq, size FROM party_impacts WHERE term = ${term} AND freq > 1${inside} LIMIT ${cap + 1})))`
}

/**
 * The candidates scored as bm25 scores one word with the facets weighted 0 (one phrase, its
 * weight 1.0 per instance: `freq`; the row's length: `size`), where `ic` holds; to be ordered and
 * cut to the page by the caller. Nothing else reads the index: the page's snippets are the walk's.
 */
export const impactScores = sql.raw(
  `SELECT c.id AS id, -1.0 * (0.0 + ${bm25PartSql({ idf: 'k.idf', freq: 'c.freq', size: 'c.size', k1: 'k.k1', b: 'k.b', avgdl: 'k.avgdl' })}) AS score FROM ic k CROSS JOIN cand c WHERE k.yes`,
)
