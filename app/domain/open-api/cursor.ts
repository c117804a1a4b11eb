import { DomainError } from '~/domain/errors'
import { fingerprint, fromBase64Url, toBase64Url } from '~/domain/search/cursor'

// The open API's cursor (decisions/0063): opaque to callers, it carries the next page's number
// and a fingerprint of the query it belongs to, so a cursor replayed with other filters is a 422
// rather than a silently wrong page. The order under it is the pages' own, which ends on a
// unique id (rank or completeness, then id): stable between calls.

/** `after`: the search's own cursor where the page before ended (decisions/0076), if it has one. */
export function encodeCursor(page: number, query: unknown, after: string | null = null): string {
  return toBase64Url(
    JSON.stringify(after ? { p: page, f: fingerprint(query), a: after } : { p: page, f: fingerprint(query) }),
  )
}

/** The search's own cursor inside a valid cursor (decodeCursor checked it), or null. */
export function cursorAfter(cursor: string | undefined): string | null {
  if (!cursor) return null
  try {
    const value = JSON.parse(fromBase64Url(cursor)) as { a?: unknown }
    return typeof value.a === 'string' ? value.a : null
  } catch {
    return null
  }
}

/** The page a cursor points at (1 without one); a cursor of another query or garbage is a 422. */
export function decodeCursor(cursor: string | undefined, query: unknown, maxPage: number): number {
  if (!cursor) return 1
  try {
    const value = JSON.parse(fromBase64Url(cursor)) as { p?: unknown; f?: unknown }
    if (
      typeof value.p === 'number' &&
      Number.isSafeInteger(value.p) &&
      value.p >= 1 &&
      value.p <= maxPage &&
      value.f === fingerprint(query)
    )
      return value.p
  } catch {
    // Falls through to the one refusal.
  }
  throw new DomainError('openApi.badCursor', 422, { field: 'cursor' })
}
