import type { ParsedQuery } from './query'

/** Highlight markers inside FTS snippets: control characters that never occur in the corpus. */
export const MARK_START = '\u0002'
export const MARK_END = '\u0003'

const WORD = /[\p{L}\p{N}]+/gu

/** As the index compares words (unicode61, remove_diacritics 2): no case, no accents. */
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** The folded words a result may show marked: loose words and each word of the phrases. */
export function markTerms(query: ParsedQuery): Set<string> {
  return new Set([...query.words, ...query.phrases.flat()].map(fold))
}

/**
 * Marks the searched words in text FTS did not highlight (titles, names, an excerpt taken from
 * a column the words were not found in), tokenised and folded as the index does.
 */
export function markWords(text: string, terms: Set<string>): string {
  if (!terms.size || text.includes(MARK_START)) return text
  return text.replace(WORD, (word) => (terms.has(fold(word)) ? `${MARK_START}${word}${MARK_END}` : word))
}
