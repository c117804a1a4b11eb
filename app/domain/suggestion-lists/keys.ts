// The suggestion lists' keys (decisions/0099): how a name is normalised and which KV lists hold
// it. Below every area that writes or forgets names (the suggestions index, privacy's forgetting).

/** KV key of the list of one prefix. */
export const LIST_KEY_PREFIX = 'p:'

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
 * Input of 3 to 5 normalised characters reads its own KV list; longer input reads D1 by the
 * whole normalised name (decisions/0057).
 */
export const SUGGESTION_LIST_MAX_LENGTH = 5

/**
 * The first `count` characters counted by code point: `slice` counts UTF-16 units and would cut
 * an emoji's surrogate pair in half, and a lone surrogate is no valid KV key (a 500).
 */
export function firstCodePoints(text: string, count: number): string {
  return Array.from(text).slice(0, count).join('')
}

/** The KV list keys a text is in: its first 3, 4 and 5 normalised characters (as long as it is). */
export function suggestionPrefixes(text: string): string[] {
  const normalised = Array.from(normalizeForMatch(text))
  const prefixes: string[] = []
  for (let length = SUGGESTION_PREFIX_LENGTH; length <= SUGGESTION_LIST_MAX_LENGTH; length++) {
    if (normalised.length < length) break
    const prefix = normalised.slice(0, length).join('')
    // A prefix ending in a space is the shorter one: the input is trimmed before the lookup.
    if (prefix.endsWith(' ')) continue
    prefixes.push(prefix)
  }
  return prefixes
}

/** The length in code points (what the prefixes count). */
export function codePointLength(text: string): number {
  return Array.from(text).length
}

/**
 * True when `typed` (normalised) ends where a word of the name ends: "jose" is the whole first
 * word of "José Carlos", only the start of "Josefa". Such names are listed first.
 */
export function wholeWordMatch(normalisedName: string, typed: string): boolean {
  return normalisedName.startsWith(typed) && [undefined, ' '].includes(normalisedName[typed.length])
}
