/** Case- and accent-insensitive form used for prefix matching ("Ação" and "acao" are equal). */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** Suggestions start from 3 characters (spec §9). */
export const SUGGESTION_MIN_LENGTH = 3
export const SUGGESTION_PREFIX_LENGTH = 3

/**
 * The first `count` characters counted by code point: `slice` counts UTF-16 units and would cut
 * an emoji's surrogate pair in half, and a lone surrogate is no valid KV key (a 500).
 */
export function firstCodePoints(text: string, count: number): string {
  return Array.from(text).slice(0, count).join('')
}

/** The KV key part a text is listed under, or null when it is too short to be suggested. */
export function suggestionPrefix(text: string): string | null {
  const normalised = normalizeForMatch(text)
  return normalised.length >= SUGGESTION_PREFIX_LENGTH
    ? firstCodePoints(normalised, SUGGESTION_PREFIX_LENGTH)
    : null
}
