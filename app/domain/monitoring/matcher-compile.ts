/**
 * Compiling monitoring rules once (decisions/0031, rule 6): each rule's words folded, its filters
 * parsed, and one word index that a document's single pass walks, one map lookup per token:
 * - phrases (`exato` terms, one-word names) in a word trie, walked from each token along the
 *   document's next words, so rules sharing a beginning ("pregão eletrônico …") cost one walk;
 * - names in a second word trie of their significant words, walked across the document's
 *   particles and initials, so a rule is only reached when its whole name is there, however many
 *   rules share its first words ("Construtora Horizonte …", "Maria Silva …");
 * - `todas` rules by their two longest words, once per document, among its distinct words.
 */

import { type Oab, parseOab, parseTaxId, type TaxRule } from './matcher-ids'
import type { MonitoringRule } from './matcher-types'
import { fold, NUMBER_SIGNS, PARTICLES, startsWithDigit, words } from './normalize'

/**
 * How a rule's words are compared: `name` (an `exato` name of ≥ 2 words: in order, particles
 * optional, middle words may be initials, not inside a longer name); `phrase` (consecutive words,
 * an `exato` term or a one-word name); `todas` (every word anywhere).
 */
export type Shape = 'name' | 'phrase' | 'todas'

export type Pattern = { shape: Shape; words: string[] }

export type CompiledRule = Pattern & {
  id: number
  /** As the user typed it (the `todas` reason lists its words). */
  term: string
  uf: string | null
  city: number | null
  cityName: string | null
  tax: TaxRule | null
  oab: Oab | null
  coParty: Pattern | null
  exclusions: ReadonlySet<string> | null
  /** No filter at all: the first good occurrence is the hit (the fast path). */
  plain: boolean
  /** The ids of the words after the two that index a `todas` rule, checked against the document's words. */
  rest: number[]
  /** The `todas` reason, the same for every document: written once, on the first hit. */
  allWordsReason: string | null
  /**
   * Per-document scratch: the document it last found occurrences in, and those (first, last,
   * abbreviated); made on the rule's first occurrence ever, so rules that never occur cost nothing.
   */
  seen: number
  occs: number[] | null
}

/** A node of the phrase trie: the phrases that end at this word, and the words that go on. */
export type PhraseNode = { rules: CompiledRule[] | null; children: Map<string, PhraseNode> | null }

/** A node of the name trie (significant words only, particles are skipped on both sides). */
export type NameNode = {
  rules: CompiledRule[] | null
  children: Map<string, NameNode> | null
  /** Children a document's initial may stand for: by first letter, words of ≥ 2 letters that some name goes on after. */
  byInitial: Map<string, NameNode[]> | null
}

/**
 * What a document word leads to: the phrases and the names that begin with it, the `todas` rules
 * it anchors, and its id when some `todas` rule has it (presence is then an array stamp, not a
 * set lookup).
 */
export type IndexNode = {
  phrase: PhraseNode | null
  name: NameNode | null
  todas: TodasNode | null
  id: number
}

/**
 * `todas` rules anchored on a word, by the id of their second longest word (`single`: one-word
 * rules). For slot k, rule r's other word ids are rest[k][offsets[k][r] … offsets[k][r + 1]]:
 * flat arrays, so checking a candidate touches no rule object until it is a hit.
 */
export type TodasNode = {
  single: CompiledRule[] | null
  seconds: number[]
  rules: CompiledRule[][]
  offsets: Int32Array[]
  rest: Int32Array[]
}

/** `vocabulary`: how many words have ids. */
export type Index = { words: Map<string, IndexNode>; vocabulary: number }

/** Each distinct word once, however many rules have it: 100,000 rules share a few thousand words. */
export type Intern = (word: string) => string
const noIntern: Intern = (w) => w
const NO_IDS: number[] = []

export function compilePattern(
  term: string,
  kind: MonitoringRule['kind'],
  mode: MonitoringRule['mode'],
  intern: Intern = noIntern,
) {
  const all = words(term)
    .map((w) => intern(fold(w)))
    .filter(Boolean)
  const significant = all.filter((w) => !PARTICLES.has(w))
  if (mode === 'todas') {
    // Longest first: the longest word is the likeliest to be rare, so it anchors the rule.
    const unique = [...new Set(significant.length ? significant : all)].sort((a, b) => b.length - a.length)
    return unique.length ? { shape: 'todas' as const, words: unique } : null
  }
  if (kind === 'nome' && significant.length >= 2) return { shape: 'name' as const, words: significant }
  // A one-word name works like a term; a name of particles only is taken as typed. A "nº" before a
  // number is left out: the document may write it or not ("contrato nº 12/2026", "contrato 12/2026").
  const phrase = (kind === 'nome' && significant.length ? significant : all).filter(
    (w, k, ws) => !(NUMBER_SIGNS.has(w) && k > 0 && startsWithDigit(ws[k + 1])),
  )
  return phrase.length ? { shape: 'phrase' as const, words: phrase } : null
}

export function compileRule(rule: MonitoringRule, intern: Intern = noIntern): CompiledRule | null {
  const pattern = compilePattern(rule.term, rule.kind, rule.mode, intern)
  if (!pattern) return null
  const coParty = rule.coParty?.trim() ? compilePattern(rule.coParty, 'nome', 'exato') : null
  const compiled: CompiledRule = {
    shape: pattern.shape,
    words: pattern.words,
    id: rule.id,
    term: rule.term,
    uf: rule.uf?.trim().toUpperCase() || null,
    city: rule.cityCode ?? null,
    cityName: rule.cityName ?? null,
    tax: parseTaxId(rule.taxId),
    oab: parseOab(rule.oab),
    coParty,
    exclusions: rule.exclusions?.length ? new Set(rule.exclusions) : null,
    rest: NO_IDS,
    allWordsReason: null,
    plain: false,
    seen: -1,
    occs: null,
  }
  compiled.plain =
    !compiled.uf && !compiled.city && !compiled.tax && !compiled.oab && !coParty && !compiled.exclusions
  return compiled
}

function child<N extends { children: Map<string, N> | null }>(n: N, word: string, make: () => N): N {
  n.children ??= new Map()
  let c = n.children.get(word)
  if (!c) {
    c = make()
    n.children.set(word, c)
  }
  return c
}

/** A rule list grown by one: most lists hold one rule, and `[]` then `push` would reserve seventeen. */
function add(list: CompiledRule[] | null, rule: CompiledRule): CompiledRule[] {
  if (!list) return [rule]
  list.push(rule)
  return list
}

const phraseNode = (): PhraseNode => ({ rules: null, children: null })
const nameNode = (): NameNode => ({ rules: null, children: null, byInitial: null })

/** Lists, under each first letter, the children a document's initial can stand for. */
function linkInitials(n: NameNode) {
  if (!n.children) return
  for (const [word, c] of n.children) {
    if (word.length > 1 && c.children) {
      n.byInitial ??= new Map()
      const list = n.byInitial.get(word[0] as string)
      if (list) list.push(c)
      else n.byInitial.set(word[0] as string, [c])
    }
    linkInitials(c)
  }
}

export function buildIndex(rules: CompiledRule[]): Index {
  const root = new Map<string, IndexNode>()
  let vocabulary = 0
  const entry = (word: string) => {
    let n = root.get(word)
    if (!n) {
      n = { phrase: null, name: null, todas: null, id: -1 }
      root.set(word, n)
    }
    return n
  }
  const idOf = (word: string) => {
    const e = entry(word)
    if (e.id < 0) e.id = vocabulary++
    return e.id
  }
  const slots = new Map<string, number>()
  for (const rule of rules) {
    const ws = rule.words
    if (rule.shape === 'todas') {
      const ids = ws.map(idOf)
      const e = entry(ws[0] as string)
      e.todas ??= { single: null, seconds: [], rules: [], offsets: [], rest: [] }
      const t = e.todas
      if (ws.length === 1) {
        t.single = add(t.single, rule)
        continue
      }
      const second = ids[1] as number
      const slot = `${ids[0]}:${second}`
      let k = slots.get(slot)
      if (k === undefined) {
        k = t.seconds.length
        slots.set(slot, k)
        t.seconds.push(second)
        t.rules.push([rule])
      } else t.rules[k]?.push(rule)
      rule.rest = ids.slice(2)
      continue
    }
    const e = entry(ws[0] as string)
    if (rule.shape === 'phrase') {
      e.phrase ??= phraseNode()
      let n = e.phrase
      for (let k = 1; k < ws.length; k++) n = child(n, ws[k] as string, phraseNode)
      n.rules = add(n.rules, rule)
    } else {
      e.name ??= nameNode()
      let n = e.name
      for (let k = 1; k < ws.length; k++) n = child(n, ws[k] as string, nameNode)
      n.rules = add(n.rules, rule)
    }
  }
  for (const e of root.values()) {
    if (e.name) linkInitials(e.name)
    const t = e.todas
    if (t)
      for (const list of t.rules) {
        const offsets = new Int32Array(list.length + 1)
        list.forEach((rule, r) => {
          offsets[r + 1] = (offsets[r] as number) + rule.rest.length
        })
        t.offsets.push(offsets)
        t.rest.push(Int32Array.from(list.flatMap((rule) => rule.rest)))
      }
  }
  return { words: root, vocabulary }
}
