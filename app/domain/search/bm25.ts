// FTS5's bm25 constants (fts5_aux.c) and its records' varints: what both the statistics across
// shards (global-stats.server.ts) and the common words' scoring (common-terms.server.ts) use.

export const K1 = 1.2
export const B = 0.75

/**
 * One phrase's part of bm25 as fts5_aux.c's fts5Bm25Function computes it, over SQL expressions:
 * `aIDF[i] * ((aFreq[i] * (k1 + 1.0)) / (aFreq[i] + k1 * (1 - b + b * D / avgdl)))`, the same
 * operations in the same order, so SQLite's doubles give FTS5's bits (`k1` and `b` bound as
 * K1 and B). bm25 is then `-1.0 *` the parts' sum from 0.0, in the query's order.
 */
export const bm25PartSql = (p: {
  idf: string
  freq: string
  size: string
  k1: string
  b: string
  avgdl: string
}) =>
  `${p.idf} * ((${p.freq} * (${p.k1} + 1.0)) / (${p.freq} + ${p.k1} * (1 - ${p.b} + ${p.b} * ${p.size} / ${p.avgdl})))`

/** SQLite varints (FTS5's `_data` averages record and `_docsize` records), from `hex()`. */
export function readVarints(hex: string | null): number[] {
  const bytes = (hex ?? '').match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? []
  const values: number[] = []
  let at = 0
  while (at < bytes.length) {
    let value = 0
    let read = 0
    for (;;) {
      const byte = bytes[at++] ?? 0
      read += 1
      if (read === 9) {
        value = value * 256 + byte
        break
      }
      value = value * 128 + (byte & 0x7f)
      if (!(byte & 0x80)) break
    }
    values.push(value)
  }
  return values
}

/**
 * In SQL, the byte whose two hex digits start at character `at` (1-based) of the `hex()` text in
 * `column`: how a statement reads a `_docsize` record's varints without a function of its own.
 */
export const hexByteSql = (column: string, at: string) =>
  `((instr('0123456789ABCDEF', substr(${column}, ${at}, 1)) - 1) * 16 + instr('0123456789ABCDEF', substr(${column}, ${at} + 1, 1)) - 1)`
