import { initials, isInitials } from './initials'

/**
 * Replaces every written form of the given names in a text by their initials: case, accents and
 * the spacing between words (gazette PDFs break lines inside names) do not matter, so
 * "MARIA DA SILVA SOUZA", "Maria da Silva  Souza" and "maria da silva souza" all become
 * "M. S. S.". Longer names go first, so "Ana Maria Souza" is not cut by "Ana Maria".
 */
export function maskNamesInText(text: string, names: Iterable<string>): string {
  const folded = foldSameLength(text)
  const wanted = [...new Set([...names].map((n) => n.replace(/\s+/g, ' ').trim()))]
    .filter((n) => n.split(' ').length >= 1 && n.length >= 3 && !isInitials(n))
    .sort((a, b) => b.length - a.length)
  const spans: { from: number; to: number; with: string }[] = []
  for (const name of wanted) {
    const words = foldSameLength(name).split(' ').map(escapeRegExp)
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'gu')
    for (const match of folded.matchAll(pattern)) {
      const from = match.index ?? 0
      const to = from + match[0].length
      if (spans.some((s) => from < s.to && to > s.from)) continue
      spans.push({ from, to, with: initials(name) })
    }
  }
  spans.sort((a, b) => b.from - a.from)
  let out = text
  for (const span of spans) {
    // "Requerente: M. S. S.." reads wrong: the sentence's period closes the initials too.
    const shown = out[span.to] === '.' ? span.with.slice(0, -1) : span.with
    out = out.slice(0, span.from) + shown + out.slice(span.to)
  }
  return out
}

/** Lower case without accents, one character for one: the indexes of a match hold in the original. */
export function foldSameLength(text: string): string {
  let out = ''
  for (const char of text) {
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    out += plain.length === char.length ? plain : char.length === 1 ? '_' : char
  }
  return out
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
