import { type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { normalizeForMatch } from '~/domain/suggestion-lists/keys'
import { combineMatch } from './facets'
import { FTS_TABLES } from './fts.server'
import { type ParsedQuery, parseQuery, toMatchExpression } from './query'
import { prefixEnd, type SpellingSource } from './spelling-terms.server'

/**
 * "Você quis dizer…" on a zero-result page: each word missing from the category's index is
 * replaced by the closest indexed word (edit distance ≤ 1 for short words, ≤ 2 otherwise; ties go
 * to the word in more documents). Candidates share the first two letters, which keeps the
 * dictionary's range read small; a typo in the first two letters is not corrected.
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

/** Words worth correcting: three characters or more, the first two letters (the buckets kept). */
const correctable = (w: string) => w.length >= 3 && /^[a-z]{2}/.test(w)

/**
 * "Você quis dizer…" as columns of the zero-result page's one statement (with the other
 * categories' counts): per word, whether the index has it (`k<i>`, a MATCH, which stops at the
 * first row) and its candidates from the spelling dictionary (`s<i>`, an index range read of
 * `spelling_terms`, decisions/0042). `read` turns that row into the corrected query, or null.
 */
export function spellingColumns(
  table: SpellingSource,
  query: ParsedQuery,
): {
  columns: SQL[]
  /** The `k<i>` columns alone (the index's own words: in each shard of it, decisions/0076). */
  known: SQL[]
  /** The `s<i>` columns alone (the dictionary: in the primary). */
  candidates: SQL[]
  read: (row: Record<string, unknown> | undefined) => string | null
} {
  // The source and the cap are constants, written into the SQL: D1 binds at most 100 parameters.
  const fts = sql.raw(`${table}_fts`)
  const textColumns = FTS_TABLES[table].columns.join(' ')
  const all = [...query.phrases.flat(), ...query.words].map(normalizeForMatch).filter(correctable)
  const unique = [...new Set(all)]
  const columns = unique.flatMap((w, i) => {
    const cap = w.length <= 4 ? 1 : 2
    const prefix = w.slice(0, 2)
    const words = `{${textColumns}} : "${w.replace(/"/g, '""')}"`
    return [
      sql`EXISTS (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${words}) AS ${sql.raw(`k${i}`)}`,
      sql`(SELECT json_group_array(json_array(term, docs)) FROM (SELECT term, docs FROM spelling_terms WHERE source = ${sql.raw(`'${table}'`)} AND term >= ${prefix} AND term < ${prefixEnd(prefix)} AND length(term) BETWEEN ${w.length - cap} AND ${w.length + cap} ORDER BY term LIMIT ${sql.raw(String(MAX_CANDIDATES))})) AS ${sql.raw(`s${i}`)}`,
    ]
  })
  const read = (row: Record<string, unknown> | undefined): string | null => {
    const fixes = new Map<string, string>()
    unique.forEach((w, i) => {
      if (!row || row[`k${i}`]) return
      const candidates = JSON.parse(String(row[`s${i}`] ?? '[]')) as [string, number][]
      const better = closest(w, candidates)
      if (better) fixes.set(w, better)
    })
    if (!fixes.size) return null
    const fix = (word: string) => fixes.get(normalizeForMatch(word)) ?? word
    const phrases = query.phrases.map((p) => `"${p.map(fix).join(' ')}"`)
    return [...phrases, ...query.words.map(fix)].join(' ')
  }
  return {
    columns,
    known: columns.filter((_, i) => i % 2 === 0),
    candidates: columns.filter((_, i) => i % 2 === 1),
    read,
  }
}

/** The closest candidate within the word's distance (≤ 1 up to 4 letters, else ≤ 2); ties to the commoner. */
function closest(w: string, candidates: [string, number][]): string | null {
  const cap = w.length <= 4 ? 1 : 2
  let best: { term: string; distance: number; n: number } | null = null
  for (const [term, n] of candidates) {
    const distance = editDistance(w, term, cap)
    if (distance > cap) continue
    if (!best || distance < best.distance || (distance === best.distance && n > best.n))
      best = { term, distance, n }
  }
  return best?.term ?? null
}

/**
 * Whether a corrected query finds anything in the category's index, in any of its databases. Each
 * word is corrected alone, so a correction can name indexed words that no row holds together
 * ("dano moral" among decisions saying "danos materiais" and "assédio moral": "danos moral"),
 * and offering it leads to one more page of nothing; such a correction is not offered.
 */
export async function suggestionFinds(
  databases: readonly Database[],
  table: SpellingSource,
  suggestion: string,
): Promise<boolean> {
  const expression = toMatchExpression(parseQuery(suggestion))
  if (!expression) return false
  const fts = sql.raw(`${table}_fts`)
  const words = combineMatch(FTS_TABLES[table].columns, expression, [])
  const found = await Promise.all(
    databases.map((db) =>
      db.all<{ yes: number }>(sql`SELECT EXISTS (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ${words}) AS yes`),
    ),
  )
  return found.some((rows) => Boolean(rows[0]?.yes))
}
