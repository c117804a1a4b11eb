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
        folded = word.toLowerCase().normalize('NFKD').replace(MARKS, '')
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

export function tokenize(text: string): Tokens {
  const norm: string[] = []
  const start: number[] = []
  const end: number[] = []
  WORD.lastIndex = 0
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    const word = m[0]
    const folded = fold(word)
    if (!folded) continue
    norm.push(folded)
    start.push(m.index)
    end.push(m.index + word.length)
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
