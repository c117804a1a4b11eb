/** How much of the body a list reads to make its excerpt (links and marks take room). */
export const EXCERPT_SOURCE_CHARS = 800
export const EXCERPT_CHARS = 160

/**
 * Plain text from the start of a Markdown body, about `max` characters, cut at a word with "…".
 * Only for display as text (React escapes it); not a Markdown parser, just the marks people use.
 */
export function plainExcerpt(markdown: string, max = EXCERPT_CHARS): string {
  const text = markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ') // code blocks say little out of context
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images → their alt text, as the page shows them
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links → their text
    .replace(/<(https?:\/\/[^>]+)>/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '') // headings, quotes, list markers
    .replace(/^\s*([-*_]\s*){3,}$/gm, ' ') // rules
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?–-]+$/, '')}…`
}

/** Reading minutes from a word count, the rule of `readingMinutes` (200 words a minute, at least 1). */
export function minutesForWords(words: number): number {
  return Math.max(1, Math.round(words / 200))
}
