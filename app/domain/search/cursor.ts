// A search page's cursor (decisions/0076): where the next page starts in the merged order of the
// shards, so no shard sends the rows of the pages before it. Opaque in the URL and in the JSON
// and open API responses; it carries the page number it leads to (the page numbers stay on the
// page, spec "Query parameters on list pages") and a fingerprint of its query, so a cursor
// replayed with other words or filters is not taken for theirs.

/** The last row of a page: its merged score (relevance), its date ("Mais recentes"), its id. */
export type SearchKey = { s?: number; d?: string; i: number }

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

export function encodeSearchCursor(key: SearchKey, page: number, query: unknown): string {
  return toBase64Url(JSON.stringify({ k: key, p: page, f: fingerprint(query) }))
}

/** The key and page of a cursor of this query; null for another query's cursor or garbage. */
export function decodeSearchCursor(
  cursor: string | null | undefined,
  query: unknown,
): { key: SearchKey; page: number } | null {
  if (!cursor) return null
  try {
    const value = JSON.parse(fromBase64Url(cursor)) as { k?: Partial<SearchKey>; p?: unknown; f?: unknown }
    const key = value.k
    if (
      value.f !== fingerprint(query) ||
      typeof value.p !== 'number' ||
      !Number.isSafeInteger(value.p) ||
      value.p < 2 ||
      !key ||
      !Number.isSafeInteger(key.i) ||
      (key.s !== undefined && !Number.isFinite(key.s)) ||
      (key.d !== undefined && !/^\d{4}-\d{2}-\d{2}/.test(String(key.d)))
    )
      return null
    return { key: { i: key.i as number, s: key.s, d: key.d }, page: value.p }
  } catch {
    return null
  }
}
