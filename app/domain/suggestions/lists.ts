import { normalizeForMatch, wholeWordMatch } from '~/domain/suggestion-lists/keys'

/** Names kept per prefix list in KV. */
export const PER_PREFIX = 50

/** What one prefix list is made of, each part already in its own order. */
export type PrefixSources = {
  /** Popular searches, most searched first. */
  popular: readonly string[]
  /** Registered members' names, alphabetical. */
  members: readonly string[]
  /** People and company names, heaviest first. */
  entities: readonly string[]
}

/**
 * One prefix list: popular searches, then members, then entities; duplicates (ignoring case and
 * accents) keep the first position, but a name's own spelling wins over how it was typed. With
 * the `prefix` the list is for, the texts it is a whole word of ("jose" of "José Carlos", not of
 * "Josefa") move to the front, keeping their order (decisions/0057).
 */
export function mergePrefixList(sources: PrefixSources, cap = PER_PREFIX, prefix?: string): string[] {
  const list: string[] = []
  const position = new Map<string, { index: number; typed: boolean }>()
  const add = (text: string, typed: boolean) => {
    const key = normalizeForMatch(text)
    const seen = position.get(key)
    if (!seen) {
      position.set(key, { index: list.length, typed })
      list.push(text)
    } else if (seen.typed && !typed) {
      list[seen.index] = text
      seen.typed = false
    }
  }
  for (const text of sources.popular) add(text, true)
  for (const text of sources.members) add(text, false)
  for (const text of sources.entities) add(text, false)
  if (prefix === undefined) return list.slice(0, cap)
  const whole = list.filter((text) => wholeWordMatch(normalizeForMatch(text), prefix))
  return [...whole, ...list.filter((text) => !whole.includes(text))].slice(0, cap)
}

/** A short content hash: equal lists give equal hashes, so an unchanged list is never rewritten. */
export async function contentHash(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(value)))
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}
