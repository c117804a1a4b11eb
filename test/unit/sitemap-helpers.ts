import { get } from './helpers'

/**
 * Well-formedness as far as these files go (workerd has no XML parser): one declaration, tags
 * balanced and properly nested, no `<` or bare `&` in text, attribute values quoted.
 */
export function wellFormedXml(xml: string): boolean {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')) return false
  const body = xml.slice(xml.indexOf('?>') + 2)
  const stack: string[] = []
  let roots = 0
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>/y
  let i = 0
  while (i < body.length) {
    const lt = body.indexOf('<', i)
    const text = body.slice(i, lt === -1 ? body.length : lt)
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text) || text.includes('>')) return false
    if (!stack.length && text.trim()) return false
    if (lt === -1) break
    tag.lastIndex = lt
    const m = tag.exec(body)
    if (!m) return false
    const [, close, name, , selfClosing] = m
    if (close) {
      if (stack.pop() !== name) return false
    } else if (!selfClosing) {
      if (!stack.length) roots += 1
      stack.push(name as string)
    }
    i = tag.lastIndex
  }
  return stack.length === 0 && roots === 1
}

/** The `<loc>` values of a sitemap or index, unescaped. */
export function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
    (m[1] as string)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  )
}

/** `<url>` entries as loc → lastmod (null when absent). */
export function entries(xml: string): Map<string, string | null> {
  const found = new Map<string, string | null>()
  for (const m of xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g))
    found.set((m[1] as string).replace(/&amp;/g, '&'), m[2] ?? null)
  return found
}

/** Every shard the index names, fetched and merged: loc → lastmod. */
export async function everyListedUrl(): Promise<Map<string, string | null>> {
  const index = await (await get('/sitemap.xml')).text()
  const all = new Map<string, string | null>()
  for (const shard of locs(index)) {
    const xml = await (await get(shard)).text()
    for (const [loc, lastmod] of entries(xml)) all.set(loc, lastmod)
  }
  return all
}

/**
 * RFC 9309 matching for one group of rules: the longest matching pattern wins, Allow on a tie;
 * `*` is any run of characters, a final `$` anchors the end.
 */
export function robotsAllows(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true }
  for (const line of robots.split('\n')) {
    const m = /^(Allow|Disallow):\s*(\S*)/.exec(line)
    if (!m?.[2]) continue
    const pattern = m[2]
    const anchored = pattern.endsWith('$')
    const source = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
    if (!new RegExp(`^${source}${anchored ? '$' : ''}`).test(path)) continue
    const allow = m[1] === 'Allow'
    if (pattern.length > best.length || (pattern.length === best.length && allow))
      best = { length: pattern.length, allow }
  }
  return best.allow
}
