import type { ParsedQuery } from './query'

/** Highlight markers inside FTS snippets: control characters that never occur in the corpus. */
export const MARK_START = '\u0002'
export const MARK_END = '\u0003'

const WORD = /[\p{L}\p{N}]+/gu

/** As the index compares words (unicode61, remove_diacritics 2): no case, no accents. */
export const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

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

/** A snippet's text without markers, and where each marked match is in it. */
export type PlainSnippet = { text: string; highlights: { start: number; end: number }[] }

/**
 * Turns a marked snippet into plain text plus the matches' offsets, in UTF-16 code units (what a
 * JavaScript string indexes; start inclusive, end exclusive): the open API's clients never see the
 * internal markers (issue 38). A stray marker (an unclosed one) is dropped too.
 */
export function splitMarks(marked: string): PlainSnippet {
  let text = ''
  let start = -1
  const highlights: PlainSnippet['highlights'] = []
  for (const ch of marked) {
    if (ch === MARK_START) start = text.length
    else if (ch === MARK_END) {
      if (start >= 0 && text.length > start) highlights.push({ start, end: text.length })
      start = -1
    } else text += ch
  }
  return { text, highlights }
}

/** Any text without the markers (a title or a name FTS or `markWords` may have marked). */
export const stripMarks = (text: string) => text.split(MARK_START).join('').split(MARK_END).join('')
