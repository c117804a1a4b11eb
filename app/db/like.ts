import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

/** SQLite's (and so D1's) SQLITE_MAX_LIKE_PATTERN_LENGTH: a longer pattern fails the statement. */
export const LIKE_PATTERN_MAX_BYTES = 50

const encoder = new TextEncoder()
const bytes = (text: string) => encoder.encode(text).length

/**
 * The one way the app builds a LIKE pattern (decisions/0050): `text` matched literally (`%`, `_`
 * and `\` escaped, read with `likeSql`'s ESCAPE clause) between `before` and `after` (wildcards
 * or fixed text), cut to 50 UTF-8 bytes. The cut drops whole characters from the end of `text`,
 * never half a character nor half an escape; a shorter key only finds more candidates, which
 * the callers rank against the whole term.
 */
export function likePattern(text: string, { before = '%', after = '%' } = {}): string {
  let budget = LIKE_PATTERN_MAX_BYTES - bytes(before) - bytes(after)
  let body = ''
  for (const char of text) {
    const unit = char === '%' || char === '_' || char === '\\' ? `\\${char}` : char
    budget -= bytes(unit)
    if (budget < 0) break
    body += unit
  }
  return `${before}${body}${after}`
}

/** `column LIKE pattern ESCAPE '\'`: the pattern must come from `likePattern`. */
export function likeSql(column: SQLWrapper | SQL, pattern: string): SQL {
  return sql`${column} like ${pattern} escape '\\'`
}
