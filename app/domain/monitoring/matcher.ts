/**
 * The monitoring matcher (issue 16, decisions/0031): which monitored names and terms occur in a
 * newly imported document, and why. Pure: no D1, no Worker APIs; it runs in the Worker's queue
 * consumer and in Node (the bench). Compile the rules once, then match each document in one pass
 * over its words, whatever the number of rules.
 */
import {
  buildIndex,
  type CompiledRule,
  compileRule,
  type IndexNode,
  type NameNode,
  type PhraseNode,
  type TodasNode,
} from './matcher-compile'
import type { MatchDocument, MatchHit, MonitoringRule } from './matcher-types'
import { evaluate } from './matcher-verify'
import { NUMBER_SIGNS, PARTICLES, startsWithDigit, tokenize } from './normalize'

export type { MatchDocument, MatchHit, MonitoringRule } from './matcher-types'
export { normalizeForMonitoring } from './normalize'

export function compileMonitorings(rules: MonitoringRule[]): {
  match(doc: MatchDocument): MatchHit[]
  size: number
} {
  const words = new Map<string, string>()
  const intern = (word: string) => {
    const known = words.get(word)
    if (known !== undefined) return known
    words.set(word, word)
    return word
  }
  const compiled = rules.map((r) => compileRule(r, intern)).filter((r): r is CompiledRule => r !== null)
  words.clear()
  const index = buildIndex(compiled)
  // A stamp marks per-document state on the compiled rules and words instead of allocating sets
  // per document: a word with an id is in the document when present[id] is the document's stamp.
  let docStamp = 0
  const present = new Int32Array(index.vocabulary)
  const firstPos = new Int32Array(index.vocabulary)

  function match(doc: MatchDocument): MatchHit[] {
    const text = doc.text
    const tokens = tokenize(text)
    const { norm, count, end } = tokens
    const stamp = ++docStamp
    const found: CompiledRule[] = []
    const occurOne = (rule: CompiledRule, first: number, last: number, abbreviated: number) => {
      if (rule.seen !== stamp) {
        rule.seen = stamp
        if (rule.occs === null) rule.occs = []
        else rule.occs.length = 0
        found.push(rule)
      }
      ;(rule.occs as number[]).push(first, last, abbreviated)
    }
    const occur = (rules: CompiledRule[], first: number, last: number, abbreviated: number) => {
      for (const rule of rules) occurOne(rule, first, last, abbreviated)
    }
    /**
     * Down the name trie from `node`, whose word is token j: the document's particles are skipped
     * (an "E." may also be an initial), its initials stand for middle words and a rule's initials
     * for the document's words. A rule ends here only if its last word was matched whole.
     */
    const walkName = (node: NameNode, i: number, j: number, abbreviated: number, viaInitial: boolean) => {
      if (node.rules !== null && !viaInitial) occur(node.rules, i, j, abbreviated)
      const children = node.children
      if (children === null) return
      let k = j + 1
      for (; k < count; k++) {
        const word = norm[k] as string
        if (!PARTICLES.has(word)) break
        if (word.length === 1 && node.byInitial !== null && text[end[k] as number] === '.') {
          for (const c of node.byInitial.get(word) ?? []) walkName(c, i, k, 1, true)
        }
      }
      const word = norm[k]
      if (word === undefined) return
      const direct = children.get(word)
      if (direct !== undefined) walkName(direct, i, k, abbreviated, false)
      if (word.length === 1) {
        if (node.byInitial !== null)
          for (const c of node.byInitial.get(word) ?? []) walkName(c, i, k, 1, true)
      } else {
        const typedInitial = children.get(word[0] as string)
        if (typedInitial !== undefined && typedInitial.children !== null)
          walkName(typedInitial, i, k, 1, true)
      }
    }
    const anchors: IndexNode[] = []
    for (let i = 0; i < count; i++) {
      const entry = index.words.get(norm[i] as string)
      if (entry === undefined) continue
      // The words of `todas` rules: present, first position, and the anchors to look at later.
      const id = entry.id
      if (id >= 0 && present[id] !== stamp) {
        present[id] = stamp
        firstPos[id] = i
        if (entry.todas !== null) anchors.push(entry)
      }
      // Phrases: down the trie along the next words, a "nº" before a number aside.
      let phrase: PhraseNode | undefined = entry.phrase ?? undefined
      let j = i
      while (phrase !== undefined) {
        if (phrase.rules !== null) occur(phrase.rules, i, j, 0)
        const children: Map<string, PhraseNode> | null = phrase.children
        if (children === null) break
        const next = norm[j + 1]
        if (next === undefined) break
        phrase = children.get(next)
        if (phrase !== undefined) j++
        else if (NUMBER_SIGNS.has(next) && startsWithDigit(norm[j + 2])) {
          phrase = children.get(norm[j + 2] as string)
          j += 2
        }
      }
      if (entry.name !== null) walkName(entry.name, i, i, 0, false)
    }
    for (const entry of anchors) {
      const node = entry.todas as TodasNode
      const at = firstPos[entry.id] as number
      if (node.single !== null) occur(node.single, at, at, 0)
      const seconds = node.seconds
      for (let k = 0; k < seconds.length; k++) {
        if (present[seconds[k] as number] !== stamp) continue
        const rules = node.rules[k] as CompiledRule[]
        const offsets = node.offsets[k] as Int32Array
        const rest = node.rest[k] as Int32Array
        for (let r = 0; r < rules.length; r++) {
          let all = true
          const to = offsets[r + 1] as number
          for (let q = offsets[r] as number; q < to && all; q++) all = present[rest[q] as number] === stamp
          if (all) occurOne(rules[r] as CompiledRule, at, at, 0)
        }
      }
    }
    if (!found.length) return []
    const hits: MatchHit[] = []
    for (const rule of found) {
      const hit = evaluate(rule, doc, tokens)
      if (hit) hits.push(hit)
    }
    // In text order, so a caller's output does not depend on the order rules were reached in.
    return hits.sort((a, b) => a.start - b.start || a.monitoringId - b.monitoringId)
  }

  return { match, size: compiled.length }
}

const collapse = (s: string) => s.replace(/\s+/g, ' ')
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}\p{M}]/u.test(c)

/**
 * The text around a match for a notification or list (~160 characters): cut at word boundaries,
 * with '…' where the text goes on; runs of spaces and line breaks become one space.
 */
export function excerptAround(
  text: string,
  start: number,
  end: number,
  radius = 80,
): { before: string; match: string; after: string } {
  const s = Math.max(0, Math.min(start, text.length))
  const e = Math.max(s, Math.min(end, text.length))
  let a = Math.max(0, s - radius)
  if (a > 0 && isWordChar(text[a - 1])) {
    const space = text.slice(a, s).search(/\s/)
    if (space >= 0) a += space + 1
  }
  let b = Math.min(text.length, e + radius)
  if (b < text.length && isWordChar(text[b])) {
    const space = text.slice(e, b).search(/\s\S*$/)
    if (space >= 0) b = e + space
  }
  const before = collapse(text.slice(a, s)).trimStart()
  const after = collapse(text.slice(e, b)).trimEnd()
  return {
    before: `${a > 0 ? '…' : ''}${before}`,
    match: collapse(text.slice(s, e)),
    after: `${after}${b < text.length ? '…' : ''}`,
  }
}
