// Text a person sends is UTF-16 in JavaScript, and JSON can spell half a character ("\udfff"):
// a lone surrogate no store takes (KV refuses it as a key, UTF-8 cannot encode it). Read at the
// boundary (workers/lib/input.ts), every such half becomes U+FFFD, as a UTF-8 decoder does with
// a broken byte, so no schema, use-case or store ever sees one (issue 38 §6, decisions/0091).

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** `value` with every lone surrogate of every string in it (keys too) replaced by U+FFFD. */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd') as T
  if (Array.isArray(value)) return value.map(wellFormed) as T
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [wellFormed(key), wellFormed(item)]),
    ) as T
  return value
}
