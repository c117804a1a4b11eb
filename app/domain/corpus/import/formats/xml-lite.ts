import { decodeEntities } from '../text'

// Just enough XML for flat, well-known publisher files (INLABS): Workers have no DOMParser, and
// a full XML parser would be a heavy dependency for reading one tag's attributes and a few
// leaf elements.

/** Attributes of the first `<name …>` start tag, entities decoded; null when the tag is absent. */
export function startTagAttributes(xml: string, name: string): Record<string, string> | null {
  // Quoted values may hold ">" (legal in XML), so the tag body is read value by value.
  const tag = new RegExp(`<${name}(?=[\\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>`, 'i').exec(xml)
  if (!tag) return null
  const attributes: Record<string, string> = {}
  const pattern = /([\w:.-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+)))?/g
  for (const match of (tag[1] ?? '').matchAll(pattern)) {
    const key = match[1]
    if (key) attributes[key] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')
  }
  return attributes
}

/**
 * Text content of the first `<name>` element: CDATA sections verbatim, the rest with entities
 * decoded. `<name/>` gives '' and a missing element gives null. CDATA is skipped as a unit, so
 * markup inside it (even a stray closing tag) cannot end the element early.
 */
export function elementText(xml: string, name: string): string | null {
  const open = new RegExp(`<${name}(?=[\\s/>])(?:[^>"']|"[^"]*"|'[^']*')*>`, 'i').exec(xml)
  if (!open) return null
  if (open[0].endsWith('/>')) return ''
  const close = `</${name.toLowerCase()}`
  let text = ''
  let plain = ''
  let i = open.index + open[0].length
  while (i < xml.length) {
    if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i + 9)
      const stop = end < 0 ? xml.length : end
      text += decodeEntities(plain) + xml.slice(i + 9, stop)
      plain = ''
      i = stop + 3
    } else if (
      xml[i] === '<' &&
      xml.slice(i, i + close.length).toLowerCase() === close &&
      /[\s>]/.test(xml[i + close.length] ?? '>')
    ) {
      break
    } else {
      plain += xml[i]
      i++
    }
  }
  return text + decodeEntities(plain)
}
