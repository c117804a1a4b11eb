// Text made for reading out of context: excerpts, meta descriptions, previews, notifications.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** "&lt;b&gt;", "&#233;", "&eacute;"-free: the few entities HTML we produce or import carries. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1))
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' '
    }
    return NAMED[body.toLowerCase()] ?? entity
  })
}

const TAG = /<\/?[a-z][^<>]*>|<!--[\s\S]*?-->/gi
const BLOCK_END = /<\/(p|div|li|h[1-6]|blockquote|pre|tr)>|<br\s*\/?>/gi

/**
 * Plain text from (sanitised) HTML: tags dropped (a block's end becomes a space, so words never
 * glue), entities decoded, tag-like text that only decoding revealed dropped too (an author's
 * typed "<b>html</b>" is markup, not prose, in a summary), spaces collapsed.
 */
export function plainTextFromHtml(html: string): string {
  return decodeEntities(html.replace(BLOCK_END, ' ').replace(TAG, ''))
    .replace(TAG, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * At most `max` characters, cut at a word boundary with "…" (never mid-word or after a dangling
 * "de"/comma). Text that fits is returned whole, spaces collapsed.
 */
export function truncateAtWord(text: string, max: number): string {
  const whole = text.replace(/\s+/g, ' ').trim()
  if (whole.length <= max) return whole
  const cut = whole.slice(0, max)
  // The last space inside the limit ends the last whole word; one word longer than max is cut.
  const space = cut.lastIndexOf(' ')
  const head = space > 0 ? cut.slice(0, space) : cut.slice(0, max - 1)
  return `${head.replace(/[\s.,;:!?–—(-]+$/, '').replace(/\s+(de|da|do|das|dos|e|a|o|em|com|para|por)$/i, '')}…`
}
