/**
 * D1 binds at most 100 parameters per statement ("too many SQL variables", a 500). A list that
 * comes from a request (ids to delete, specialties picked) is bound in parts of this many,
 * leaving room for the statement's other parameters.
 */
export const IN_LIST_MAX = 90

/** `items` in parts of at most `size` (IN_LIST_MAX): one statement per part. */
export function inParts<T>(items: readonly T[], size = IN_LIST_MAX): T[][] {
  const parts: T[][] = []
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size))
  return parts
}
