import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { normalizeForMatch } from '~/domain/suggestions/normalize'
import type { FtsTable } from './fts.server'
import type { ParsedQuery } from './query'

/**
 * "Você quis dizer…" on a zero-result page: each word missing from the category's index is
 * replaced by the closest indexed word (edit distance ≤ 1 for short words, ≤ 2 otherwise; ties go
 * to the word in more documents). Candidates share the first two letters, which keeps the
 * fts5vocab range read small; a typo in the first two letters is not corrected.
 */
const MAX_CANDIDATES = 400

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), capped. */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1
  let prev2: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (prev2[j - 2] ?? 0) + 1)
      row.push(v)
      best = Math.min(best, v)
    }
    if (best > cap) return cap + 1
    prev2 = prev
    prev = row
  }
  return prev[b.length] ?? cap + 1
}

/** Words worth correcting: three letters or more, not a number. */
const correctable = (w: string) => w.length >= 3 && !/^\d+$/.test(w)
/** Words checked per statement (D1 binds at most 100 parameters). */
const KNOWN_PER_STATEMENT = 90

/** Which of these (normalised) words the index already has: one statement per 90 words. */
async function knownWords(db: Database, table: FtsTable, words: string[]): Promise<Set<string>> {
  const vocab = sql.raw(`${table}_fts_vocab`)
  const known = new Set<string>()
  const chunks: string[][] = []
  for (let i = 0; i < words.length; i += KNOWN_PER_STATEMENT)
    chunks.push(words.slice(i, i + KNOWN_PER_STATEMENT))
  await Promise.all(
    chunks.map(async (chunk) => {
      const columns = chunk.map(
        (w, i) =>
          sql`(SELECT count(*) FROM ${vocab} WHERE term = ${w} AND col != 'facets') AS ${sql.raw(`k${i}`)}`,
      )
      const [row] = await db.all<Record<string, number>>(sql`SELECT ${sql.join(columns, sql`, `)}`)
      chunk.forEach((w, i) => {
        if (row?.[`k${i}`]) known.add(w)
      })
    }),
  )
  return known
}

/** The closest indexed word to one the index does not have, or null. */
async function correctWord(db: Database, table: FtsTable, w: string): Promise<string | null> {
  const vocab = sql.raw(`${table}_fts_vocab`)
  const cap = w.length <= 4 ? 1 : 2
  const prefix = w.slice(0, 2)
  const upper = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(1) + 1)
  const candidates = await db.all<{ term: string; n: number }>(
    sql`SELECT term, sum(doc) AS n FROM ${vocab} WHERE term >= ${prefix} AND term < ${upper} AND col != 'facets' AND length(term) BETWEEN ${w.length - cap} AND ${w.length + cap} GROUP BY term LIMIT ${MAX_CANDIDATES}`,
  )
  let best: { term: string; distance: number; n: number } | null = null
  for (const c of candidates) {
    const distance = editDistance(w, c.term, cap)
    if (distance > cap) continue
    if (!best || distance < best.distance || (distance === best.distance && c.n > best.n))
      best = { term: c.term, distance, n: c.n }
  }
  return best?.term ?? null
}

/**
 * The corrected query text, or null when nothing could be corrected. Every word is looked up in
 * one statement; only the words the index lacks read candidates.
 */
export async function suggestSpelling(
  db: Database,
  table: FtsTable,
  query: ParsedQuery,
): Promise<string | null> {
  const all = [...query.phrases.flat(), ...query.words].map(normalizeForMatch).filter(correctable)
  const unique = [...new Set(all)]
  if (!unique.length) return null
  const known = await knownWords(db, table, unique)
  const fixes = new Map<string, string>()
  await Promise.all(
    unique
      .filter((w) => !known.has(w))
      .map(async (w) => {
        const better = await correctWord(db, table, w)
        if (better) fixes.set(w, better)
      }),
  )
  if (!fixes.size) return null
  const fix = (word: string) => fixes.get(normalizeForMatch(word)) ?? word
  const phrases = query.phrases.map((p) => `"${p.map(fix).join(' ')}"`)
  return [...phrases, ...query.words.map(fix)].join(' ')
}
