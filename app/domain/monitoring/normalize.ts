/**
 * Words as the monitoring matcher compares them (decisions/0031): no case, no accents (NFKD, so
 * "Nº" is "no" and "3ª" is "3a"), punctuation splits words. Each token keeps its UTF-16 offsets
 * in the original text, for highlighting and for the checks that look at the original
 * (capitals, punctuation between words, CPFs and OABs nearby).
 */

/** Letters, digits and combining marks (text already in NFD keeps its accents inside the word). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu
const MARKS = /\p{M}+/gu

/** Connectives that are optional inside names ("Maria da Silva" ~ "MARIA SILVA"). */
export const PARTICLES: ReadonlySet<string> = new Set(['da', 'de', 'do', 'das', 'dos', 'e'])

/** What may stand for "número" before a number ("Pregão nº 45/2026" ~ "pregão 45/2026"). */
export const NUMBER_SIGNS: ReadonlySet<string> = new Set(['n', 'no', 'nro', 'num', 'numero'])

// Non-ASCII words repeat a lot (names, legal vocabulary): fold each spelling once.
const foldCache = new Map<string, string>()

/** One word, folded: lower case, accents removed. */
export function fold(word: string): string {
  for (let k = 0; k < word.length; k++) {
    if (word.charCodeAt(k) > 127) {
      let folded = foldCache.get(word)
      if (folded === undefined) {
        folded = word.normalize('NFKD').toLowerCase().replace(MARKS, '')
        if (foldCache.size > 50_000) foldCache.clear()
        foldCache.set(word, folded)
      }
      return folded
    }
  }
  return word.toLowerCase()
}

/** The words of a text, folded, each with its offsets in the text. */
export type Tokens = {
  count: number
  norm: string[]
  start: number[]
  end: number[]
}

// Whether a UTF-16 code unit is part of a word, decided once per code (by WORD) and kept: the
// scan below then allocates nothing but the words themselves.
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u
const wordUnit = new Uint8Array(65536) // 0 not yet known, 1 word, 2 not
function isWordUnit(code: number): boolean {
  let known = wordUnit[code] as number
  if (known === 0) {
    known = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2
    wordUnit[code] = known
  }
  return known === 1
}
/** A letter or digit outside the BMP (a surrogate pair), tested as a whole code point. */
function isWordPair(text: string, k: number): boolean {
  const code = text.charCodeAt(k)
  if (code < 0xd800 || code > 0xdbff) return false
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(k) as number))
}

export function tokenize(text: string): Tokens {
  const norm: string[] = []
  const start: number[] = []
  const end: number[] = []
  const n = text.length
  let k = 0
  while (k < n) {
    const code = text.charCodeAt(k)
    if (!isWordUnit(code) && !isWordPair(text, k)) {
      k++
      continue
    }
    const s = k
    while (k < n) {
      if (isWordUnit(text.charCodeAt(k))) k++
      else if (isWordPair(text, k)) k += 2
      else break
    }
    const folded = fold(text.slice(s, k))
    if (!folded) continue
    norm.push(folded)
    start.push(s)
    end.push(k)
  }
  return { count: norm.length, norm, start, end }
}

/** The words of a text as typed (not folded), for messages. */
export function words(text: string): string[] {
  return text.match(WORD) ?? []
}

export function normalizeForMonitoring(text: string): string {
  return words(text).map(fold).filter(Boolean).join(' ')
}

/** "45", "2026", "3a": a word that starts with a digit. */
export const startsWithDigit = (word: string | undefined) =>
  word !== undefined && word.charCodeAt(0) >= 48 && word.charCodeAt(0) <= 57
