import { plainTextFromHtml, truncateAtWord } from '~/lib/plain-text'
import { renderArticle } from './markdown.server'

/** How much of the body a list reads to make its excerpt (links and marks take room). */
export const EXCERPT_SOURCE_CHARS = 800
export const EXCERPT_CHARS = 160

/**
 * Plain text from the start of a Markdown body, about `max` characters, cut at a word with "…".
 * Made from the page's own sanitised HTML (the renderer of decisions/0026), so an excerpt says
 * what the article shows: tags stripped, entities decoded, spaces collapsed (decisions/0058).
 */
export function plainExcerpt(markdown: string, max = EXCERPT_CHARS): string {
  return truncateAtWord(plainTextFromHtml(renderArticle(markdown)), max)
}

/** Reading minutes from a word count, the rule of `readingMinutes` (200 words a minute, at least 1). */
export function minutesForWords(words: number): number {
  return Math.max(1, Math.round(words / 200))
}
