/**
 * What a person typed, turned into a safe FTS5 query (spec §1–§4; issue 5). Every word must
 * match; "exact phrases" work with straight or curly quotes; case and accents never matter (the
 * index folds them). Operators, parentheses, `*`, `:`, `-`, NEAR/AND/OR and emoji are just text:
 * each word is quoted, so no input can produce an FTS syntax error.
 */
export const MAX_QUERY_CHARS = 1000
export const MAX_QUERY_WORDS = 12

export type ParsedQuery = { words: string[]; phrases: string[][] }

const WORD = /[\p{L}\p{N}]+/gu
const QUOTES = /[\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"]/g

function wordsOf(text: string): string[] {
  return (text.normalize('NFC').match(WORD) ?? []).map((w) => w.toLowerCase())
}

export function parseQuery(input: string): ParsedQuery {
  const text = input.slice(0, MAX_QUERY_CHARS).replace(QUOTES, '"')
  const phrases: string[][] = []
  const loose: string[] = []
  const parts = text.split('"')
  parts.forEach((part, index) => {
    // Odd parts sit between quotes; an unmatched last quote leaves plain words.
    const quoted = index % 2 === 1 && index < parts.length - 1
    const words = wordsOf(part)
    if (quoted && words.length > 1) phrases.push(words)
    else loose.push(...words)
  })
  const seen = new Set<string>()
  const words = loose.filter((w) => !seen.has(w) && seen.add(w))
  // Phrases first, then loose words, within MAX_QUERY_WORDS words in all.
  const keptPhrases: string[][] = []
  let used = 0
  for (const phrase of phrases) {
    if (used + phrase.length > MAX_QUERY_WORDS) break
    keptPhrases.push(phrase)
    used += phrase.length
  }
  return { words: words.slice(0, MAX_QUERY_WORDS - used), phrases: keptPhrases }
}

export function isEmptyQuery(query: ParsedQuery): boolean {
  return query.words.length === 0 && query.phrases.length === 0
}

/** FTS5 MATCH expression: quoted words and phrases side by side (implicit AND). */
export function toMatchExpression(query: ParsedQuery): string | null {
  if (isEmptyQuery(query)) return null
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`
  return [...query.phrases.map((p) => quote(p.join(' '))), ...query.words.map(quote)].join(' ')
}

/** The quoted phrases of a match expression made by `toMatchExpression`, in its order. */
export function phrasesOf(userExpression: string): string[] {
  return userExpression.match(/"(?:[^"]|"")*"/g) ?? []
}
