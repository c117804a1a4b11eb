import { Fragment, type ReactNode } from 'react'

/**
 * Autocomplete labels may carry markup (spec §3: "may contain markup (a span)"). Only `<span>`
 * with an optional class survives, as a real React element; everything else is shown as text,
 * so a label can never inject HTML.
 */
export function renderSafeLabel(label: string): ReactNode {
  const parts: ReactNode[] = []
  const pattern = /<span(?:\s+class="([\w\s-]*)")?\s*>([^<]*)<\/span>/g
  let last = 0
  let key = 0
  for (const match of label.matchAll(pattern)) {
    if (match.index > last) parts.push(decodeEntities(label.slice(last, match.index)))
    parts.push(
      <span key={key++} className={match[1] || undefined}>
        {decodeEntities(match[2] ?? '')}
      </span>,
    )
    last = match.index + match[0].length
  }
  if (last < label.length) parts.push(decodeEntities(label.slice(last)))
  return <Fragment>{parts}</Fragment>
}

/** Plain text of a label (for the input and for matching). */
export function labelText(label: string): string {
  return decodeEntities(label.replace(/<[^>]*>/g, ''))
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}
