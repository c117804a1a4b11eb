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

/** The KV key part a text is listed under, or null when it is too short to be suggested. */
export function suggestionPrefix(text: string): string | null {
  const normalised = normalizeForMatch(text)
  return normalised.length >= SUGGESTION_PREFIX_LENGTH ? normalised.slice(0, SUGGESTION_PREFIX_LENGTH) : null
}
