/**
 * Compiling monitoring rules once (decisions/0031, rule 6): each rule's words folded, its filters
 * parsed, and a word index that a document's single pass walks. A rule is reached through its
 * first word and the word after it (names and phrases) or its longest word (`todas`), so a
 * document token costs one map lookup, and only rules whose first two words are both present are
 * ever verified.
 */
import type { MonitoringRule } from './matcher'
import { type Oab, parseOab, parseTaxId, type TaxRule } from './matcher-ids'
import { fold, PARTICLES, words } from './normalize'

/**
 * How a rule's words are compared: `name` (an `exato` name of ≥ 2 words: in order, particles
 * optional, middle words may be initials, not inside a longer name); `phrase` (consecutive words,
 * an `exato` term or a one-word name); `todas` (every word anywhere).
 */
export type Shape = 'name' | 'phrase' | 'todas'

export type Pattern = { shape: Shape; words: string[] }

export type CompiledRule = Pattern & {
  id: number
  /** The words as typed, particles left out, for the `todas` reason. */
  typed: string[]
  uf: string | null
  city: number | null
  cityName: string | null
  tax: TaxRule | null
  oab: Oab | null
  coParty: Pattern | null
  exclusions: ReadonlySet<string> | null
  /** Per-document scratch: the document it last found occurrences in, and those (first, last, abbreviated). */
  seen: number
  occs: number[]
  /** The last (document, start token) it was verified at, so two index keys do not verify twice. */
  tried: number
}

export type IndexNode = {
  /** Rules of one word (a term or a one-word name): every occurrence is a candidate. */
  single: CompiledRule[] | null
  /** `todas` rules anchored on this word. */
  todas: CompiledRule[] | null
  /** Names and phrases by their second word (and second word's initial). */
  next: Map<string, CompiledRule[]> | null
  /** Some rule here has an initial as its second word: look up the document's second word's initial too. */
  initials: boolean
}

export function compilePattern(term: string, kind: MonitoringRule['kind'], mode: MonitoringRule['mode']) {
  const all = words(term).map(fold).filter(Boolean)
  const significant = all.filter((w) => !PARTICLES.has(w))
  if (mode === 'todas') {
    const unique = [...new Set(significant.length ? significant : all)]
    return unique.length ? { shape: 'todas' as const, words: unique } : null
  }
  if (kind === 'nome' && significant.length >= 2) return { shape: 'name' as const, words: significant }
  // A one-word name works like a term; a name of particles only is taken as typed.
  const phrase = kind === 'nome' ? (significant.length ? significant : all) : all
  return phrase.length ? { shape: 'phrase' as const, words: phrase } : null
}

export function compileRule(rule: MonitoringRule): CompiledRule | null {
  const pattern = compilePattern(rule.term, rule.kind, rule.mode)
  if (!pattern) return null
  const coParty = rule.coParty?.trim() ? compilePattern(rule.coParty, 'nome', 'exato') : null
  return {
    ...pattern,
    id: rule.id,
    typed: words(rule.term).filter((w) => !PARTICLES.has(fold(w))),
    uf: rule.uf?.trim().toUpperCase() || null,
    city: rule.cityCode ?? null,
    cityName: rule.cityName ?? null,
    tax: parseTaxId(rule.taxId),
    oab: parseOab(rule.oab),
    coParty,
    exclusions: rule.exclusions?.length ? new Set(rule.exclusions) : null,
    seen: -1,
    occs: [],
    tried: -1,
  }
}

/** The word a `todas` rule is reached through: the longest, as the likeliest to be rare. */
function anchorOf(ws: string[]): string {
  return ws.reduce((best, w) => (w.length > best.length ? w : best), ws[0] as string)
}

export function buildIndex(rules: CompiledRule[]): Map<string, IndexNode> {
  const root = new Map<string, IndexNode>()
  const node = (word: string) => {
    let n = root.get(word)
    if (!n) {
      n = { single: null, todas: null, next: null, initials: false }
      root.set(word, n)
    }
    return n
  }
  const add = (n: IndexNode, key: string, rule: CompiledRule) => {
    n.next ??= new Map()
    const list = n.next.get(key)
    if (list) list.push(rule)
    else n.next.set(key, [rule])
  }
  for (const rule of rules) {
    const ws = rule.words
    if (rule.shape === 'todas') {
      const n = node(anchorOf(ws))
      n.todas ??= []
      n.todas.push(rule)
    } else if (ws.length === 1) {
      const n = node(ws[0] as string)
      n.single ??= []
      n.single.push(rule)
    } else {
      const n = node(ws[0] as string)
      const second = ws[1] as string
      add(n, second, rule)
      // A middle second word may be written as its initial, or be typed as one.
      if (rule.shape === 'name' && ws.length >= 3) {
        if (second.length > 1) add(n, second[0] as string, rule)
        else n.initials = true
      }
    }
  }
  return root
}

export { anchorOf }
