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
