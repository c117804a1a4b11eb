/**
 * Verifying a candidate (decisions/0031, rules 2–5): the words at a document position, then the
 * filters of a rule that occurred, into one hit with its reasons.
 */
import { type MessageKey, t } from '~/i18n/pt-BR'
import { namesAPlace } from './matcher-addresses'
import type { CompiledRule, Pattern } from './matcher-compile'
import {
  checkIds,
  checkPlace,
  checkTextPlace,
  type Occurrence,
  overall,
  type Reasons,
  readsPlaceFromText,
} from './matcher-filters'
import { compareOab, parseOab } from './matcher-ids'
import { insideLongerName } from './matcher-names'
import type { MatchDocument, MatchHit } from './matcher-types'
import { fold, NUMBER_SIGNS, PARTICLES, startsWithDigit, type Tokens, words } from './normalize'

/**
 * The pattern's occurrence starting at token i (whose word is the pattern's first): its last
 * token × 2, plus 1 when a middle word matched through its initial; -1 when it does not occur
 * there. The index walks its tries instead (matcher.ts, the same rules); this checks the co-party
 * and is the tests' reference. `todas` patterns are checked per document, not here.
 */
export function verifyAt(p: Pattern, text: string, tokens: Tokens, i: number): number {
  const ws = p.words
  const norm = tokens.norm
  const n = ws.length
  let abbreviated = 0
  let j = i
  if (p.shape === 'phrase') {
    for (let k = 1; k < n; k++) {
      j++
      const w = ws[k] as string
      if (norm[j] === w) continue
      // "Pregão nº 45/2026" is the phrase "pregão 45/2026".
      if (NUMBER_SIGNS.has(norm[j] as string) && startsWithDigit(w) && norm[j + 1] === w) {
        j++
        continue
      }
      return -1
    }
    return j * 2
  }
  for (let k = 1; k < n; k++) {
    const w = ws[k] as string
    const middle = k < n - 1
    j++
    // Particles are optional, except an "E." that is the initial of a middle word (Eduarda).
    while (j < tokens.count && PARTICLES.has(norm[j] as string)) {
      const tok = norm[j] as string
      if (middle && tok.length === 1 && tok === w[0] && text[tokens.end[j] as number] === '.') break
      j++
    }
    const tok = norm[j]
    if (tok === undefined) return -1
    if (tok === w) continue
    if (middle && ((tok.length === 1 && tok === w[0]) || (w.length === 1 && tok[0] === w))) {
      abbreviated = 1
      continue
    }
    return -1
  }
  return j * 2 + abbreviated
}

/** The first occurrence of a pattern anywhere in the document (the co-party), as [first, last]. */
export function findPattern(p: Pattern, text: string, tokens: Tokens): [number, number] | null {
  const first = p.words[0]
  for (let i = 0; i < tokens.count; i++) {
    if (tokens.norm[i] !== first) continue
    const found = verifyAt(p, text, tokens, i)
    if (found >= 0) return [i, found >> 1]
  }
  return null
}

/** Rule 2 (decisions/0031, 0055): part of a longer name, or the name of a street or a school. */
const notThePerson = (text: string, tokens: Tokens, first: number, last: number) =>
  insideLongerName(text, tokens, first, last) || namesAPlace(text, tokens, first)

const shown = (text: string, a: number, b: number) => text.slice(a, b).replace(/\s+/g, ' ')

// The match reason is written for every hit: its message is split once around its {text}
// placeholder (the wording stays the catalogue's) and filled by concatenation.
const SLOT = '\u0000'
const templates = new Map<MessageKey, [string, string]>()
function fill(key: MessageKey, text: string): string {
  let parts = templates.get(key)
  if (!parts) {
    const [before = '', after = ''] = t(key, { text: SLOT }).split(SLOT)
    parts = [before, after]
    templates.set(key, parts)
  }
  return parts[0] + text + parts[1]
}

/** The first reason: how the words matched. */
function matchReason(rule: CompiledRule, text: string, start: number, end: number, abbreviated: boolean) {
  if (rule.shape === 'todas') {
    rule.allWordsReason ??= t('monitoringMatch.allWords', {
      words: words(rule.term)
        .filter((w) => !PARTICLES.has(fold(w)))
        .map((w) => `“${w}”`)
        .join(', '),
    })
    return { code: 'todas-palavras', text: rule.allWordsReason }
  }
  const found = shown(text, start, end)
  if (rule.shape === 'phrase') return { code: 'termo-exato', text: fill('monitoringMatch.termExact', found) }
  return abbreviated
    ? { code: 'nome-abreviado', text: fill('monitoringMatch.nameAbbreviated', found) }
    : { code: 'nome-exato', text: fill('monitoringMatch.nameExact', found) }
}

/**
 * Most rules have no filter: the first occurrence that is not inside a longer name, a whole one
 * rather than an abbreviated one, is the hit; nothing else is allocated.
 */
function plainHit(rule: CompiledRule, doc: MatchDocument, tokens: Tokens): MatchHit | null {
  const text = doc.text
  const occs = rule.occs ?? []
  let chosen = -1
  for (let k = 0; k < occs.length; k += 3) {
    if (chosen >= 0 && occs[k + 2] === 1) continue
    const first = occs[k] as number
    if (rule.shape === 'name' && notThePerson(text, tokens, first, occs[k + 1] as number)) continue
    chosen = k
    if (occs[k + 2] === 0) break
  }
  if (chosen < 0) return null
  const start = tokens.start[occs[chosen] as number] as number
  const end = tokens.end[occs[chosen + 1] as number] as number
  const reason = matchReason(rule, text, start, end, occs[chosen + 2] === 1)
  return {
    monitoringId: rule.id,
    documentKey: doc.key,
    reasons: [reason.text],
    reasonCodes: [reason.code],
    start,
    end,
  }
}

/** The hit of a rule that occurred in the document (occurrences in rule.occs), or null. */
export function evaluate(rule: CompiledRule, doc: MatchDocument, tokens: Tokens): MatchHit | null {
  if (rule.plain) return plainHit(rule, doc, tokens)
  if (rule.exclusions?.has(doc.contextKey)) return null
  const text = doc.text
  const place: Reasons = { codes: [], texts: [] }
  if ((rule.uf || rule.city) && !checkPlace(rule, doc, place)) return null
  const readText = readsPlaceFromText(rule, doc)
  const occs: Occurrence[] = []
  // Without CPF or OAB filters the first whole-name occurrence is the best there can be.
  const enough = !rule.tax && !rule.oab
  const found = rule.occs ?? []
  for (let k = 0; k < found.length; k += 3) {
    const first = found[k] as number
    const last = found[k + 1] as number
    if (rule.shape === 'name' && notThePerson(text, tokens, first, last)) continue
    if (enough && occs.length && found[k + 2] === 1) continue
    // An occurrence next to a place elsewhere is a homonym's (decisions/0055).
    const textPlace = readText ? checkTextPlace(rule, doc, tokens, first, last) : null
    if (readText && !textPlace) continue
    const occ: Occurrence = {
      first,
      last,
      abbreviated: found[k + 2] === 1,
      tax: 'silent',
      taxToken: null,
      taxShown: '',
      oab: 'silent',
      oabToken: null,
      place: textPlace,
    }
    occs.push(occ)
    if (enough && !occ.abbreviated) break
  }
  if (!occs.length) return null
  let coParty: [number, number] | null = null
  if (rule.coParty) {
    coParty = findPattern(rule.coParty, text, tokens)
    if (!coParty) return null
  }
  if (rule.tax || rule.oab) for (const occ of occs) checkIds(rule, text, tokens, occ)
  const tax = overall(occs, 'tax')
  const listed = rule.oab
    ? (doc.oabs ?? []).some((o) => {
        const parsed = parseOab(o)
        return parsed !== null && rule.oab !== null && compareOab(rule.oab, parsed) === 'agree'
      })
    : false
  const oab = listed ? 'agree' : overall(occs, 'oab')
  if (tax === 'contradict' || oab === 'contradict') return null

  let best = occs[0] as Occurrence
  let bestScore = -1
  for (const occ of occs) {
    if (occ.tax === 'contradict' || (occ.oab === 'contradict' && !listed)) continue
    const score = (occ.tax === 'agree' ? 4 : 0) + (occ.oab === 'agree' ? 2 : 0) + (occ.abbreviated ? 0 : 1)
    if (score > bestScore) {
      best = occ
      bestScore = score
    }
  }
  const start = tokens.start[best.first] as number
  const end = tokens.end[best.last] as number
  const reason = matchReason(rule, text, start, end, best.abbreviated)
  const codes = [reason.code]
  const texts = [reason.text]
  codes.push(...place.codes)
  texts.push(...place.texts)
  best.place?.codes.forEach((code, k) => {
    if (codes.includes(code)) return
    codes.push(code)
    texts.push(best.place?.texts[k] ?? '')
  })
  if (best.tax === 'agree' && best.taxToken) {
    const cnpj = best.taxToken.pattern.length === 14
    codes.push(cnpj ? 'cnpj' : 'cpf')
    texts.push(t(cnpj ? 'monitoringMatch.cnpj' : 'monitoringMatch.cpf', { digits: best.taxShown }))
  }
  if (oab === 'agree' && rule.oab) {
    codes.push('oab')
    const uf = best.oabToken?.uf ?? rule.oab.uf
    texts.push(t('monitoringMatch.oab', { oab: `${rule.oab.number}${uf ? `/${uf}` : ''}` }))
  }
  if (coParty) {
    codes.push('coparte')
    texts.push(
      t('monitoringMatch.coParty', {
        text: shown(text, tokens.start[coParty[0]] as number, tokens.end[coParty[1]] as number),
      }),
    )
  }
  return { monitoringId: rule.id, documentKey: doc.key, reasons: texts, reasonCodes: codes, start, end }
}
