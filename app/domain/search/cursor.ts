// A search page's cursor (decisions/0076): where the next page starts in the merged order of the
// shards, so no shard sends the rows of the pages before it. Opaque in the URL and in the JSON
// and open API responses; it carries the page number it leads to (the page numbers stay on the
// page, spec "Query parameters on list pages") and a fingerprint of its query, so a cursor
// replayed with other words or filters is not taken for theirs.

/**
 * The last row of a page: its merged score (relevance), its date ("Mais recentes"), its id; `p`:
 * the row is a dispositivo, in legislation's second part (statutes come first, decisions/0087).
 */
export type SearchKey = { s?: number; d?: string; i: number; p?: 1 }

/** Where the page ended, in the merged order: the next page's cursor (decisions/0076). */
export type KeyHolder = { next: SearchKey | null }

/** Whether two keys are of one order (a score, a day, or an id alone). */
export const sameKind = (a: SearchKey, b: SearchKey) =>
  (a.s === undefined) === (b.s === undefined) && (a.d === undefined) === (b.d === undefined)

/** Whether a row's key comes strictly after `after` in the order the key's kind names. */
export function isAfterKey(row: SearchKey, after: SearchKey): boolean {
  if (after.s !== undefined) {
    const score = row.s ?? Number.POSITIVE_INFINITY
    return score > after.s || (score === after.s && row.i < after.i)
  }
  if (after.d !== undefined) {
    const day = row.d ?? ''
    return day < after.d || (day === after.d && row.i < after.i)
  }
  return row.i < after.i
}

/** A short hash of a query, so a cursor replayed with other words or filters is recognised. */
export function fingerprint(query: unknown): string {
  const text = JSON.stringify(query)
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 16777619)
  }
  return (hash >>> 0).toString(36)
}

export const toBase64Url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
export const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'))

/**
 * `trail`: the keys where the pages before ended (each the last row of the page before the next),
 * oldest first, so the "Anterior" link can carry a cursor too (decisions/0083): the previous
 * page's cursor is this one's trail, one key shorter.
 */
export function encodeSearchCursor(
  key: SearchKey,
  page: number,
  query: unknown,
  trail: SearchKey[] = [],
): string {
  return toBase64Url(
    JSON.stringify(
      trail.length
        ? { k: key, p: page, f: fingerprint(query), t: trail }
        : { k: key, p: page, f: fingerprint(query) },
    ),
  )
}

/** Longest cursor read from a URL: a trail of every page up to MAX_PAGE (100) fits. */
export const CURSOR_MAX_LENGTH = 8000

const validKey = (key: Partial<SearchKey> | undefined): key is SearchKey =>
  !!key &&
  Number.isSafeInteger(key.i) &&
  (key.s === undefined || Number.isFinite(key.s)) &&
  (key.d === undefined || /^\d{4}-\d{2}-\d{2}/.test(String(key.d))) &&
  (key.p === undefined || key.p === 1)
const keyOf = (key: SearchKey): SearchKey =>
  key.p ? { i: key.i, s: key.s, d: key.d, p: 1 } : { i: key.i, s: key.s, d: key.d }

/** The key, page and trail of a cursor of this query; null for another query's cursor or garbage. */
export function decodeSearchCursor(
  cursor: string | null | undefined,
  query: unknown,
): { key: SearchKey; page: number; trail: SearchKey[] } | null {
  if (!cursor || cursor.length > CURSOR_MAX_LENGTH) return null
  try {
    const value = JSON.parse(fromBase64Url(cursor)) as {
      k?: Partial<SearchKey>
      p?: unknown
      f?: unknown
      t?: unknown
    }
    const key = value.k
    const trail = value.t === undefined ? [] : value.t
    if (
      value.f !== fingerprint(query) ||
      typeof value.p !== 'number' ||
      !Number.isSafeInteger(value.p) ||
      value.p < 2 ||
      !validKey(key) ||
      !Array.isArray(trail) ||
      trail.length > value.p - 2 ||
      !trail.every((k) => validKey(k as Partial<SearchKey>))
    )
      return null
    return { key: keyOf(key), page: value.p, trail: (trail as SearchKey[]).map(keyOf) }
  } catch {
    return null
  }
}

/**
 * The cursors of the pages around one reached by `cursor` (or by its number: none), given where
 * this page ended (`last`): "Próxima" continues the trail, "Anterior" drops its last key. The
 * first page needs none (page 1 is the start), nor does a page whose trail does not reach back.
 */
export function neighbourCursors(
  cursor: { key: SearchKey; trail: SearchKey[] } | null,
  page: number,
  last: SearchKey | null,
  query: unknown,
): { next: string | null; previous: string | null } {
  const trail = cursor ? [...cursor.trail, cursor.key] : []
  const back = cursor?.trail.at(-1)
  return {
    next: last ? encodeSearchCursor(last, page + 1, query, trail) : null,
    previous: page > 2 && back ? encodeSearchCursor(back, page - 1, query, cursor?.trail.slice(0, -1)) : null,
  }
}

/** The same cursor without its trail (the open API goes forward only, in a cursor of 200 characters). */
export function withoutTrail(cursor: string | null): string | null {
  if (!cursor) return cursor
  try {
    const { t: _trail, ...rest } = JSON.parse(fromBase64Url(cursor)) as Record<string, unknown>
    return toBase64Url(JSON.stringify(rest))
  } catch {
    return cursor
  }
}
