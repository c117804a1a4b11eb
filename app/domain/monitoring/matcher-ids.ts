/**
 * CPF, CNPJ and OAB numbers near a name (decisions/0031, rule 5): what the rule typed, what the
 * text shows (masked or not), and whether they agree. Only run for candidate hits of rules that
 * have such a filter, so plain regular expressions over a small window are cheap enough.
 */
import { nextNameStart } from './matcher-names'
import type { Tokens } from './normalize'

export type Verdict = 'agree' | 'contradict' | 'silent'

/** How far after (and before) a name its CPF or OAB is looked for. */
export const AFTER = 200
export const BEFORE = 60

export type TaxRule = { digits: string; kind: 'cpf' | 'cnpj' | 'fragmento' }

/** The digits the user typed: 11 a CPF, 14 a CNPJ, 3–13 a fragment of either; fewer: no filter. */
export function parseTaxId(input: string | null | undefined): TaxRule | null {
  const digits = (input ?? '').replace(/\D/g, '')
  if (digits.length < 3 || digits.length > 14) return null
  return { digits, kind: digits.length === 11 ? 'cpf' : digits.length === 14 ? 'cnpj' : 'fragmento' }
}

/** A CPF/CNPJ in the text: `pattern` has one char per digit position, '?' where it is masked. */
export type TaxToken = { start: number; end: number; pattern: string; positions: number[] }

const M = '[0-9*xX•#]'
const TAX = new RegExp(
  [
    `${M}{3}\\.${M}{3}\\.${M}{3}-${M}{2}`, // CPF 123.456.789-09, ***.456.789-**
    `${M}{2}\\.${M}{3}\\.${M}{3}\\/${M}{4}-${M}{2}`, // CNPJ 12.345.678/0001-90
    '\\d{14}',
    '\\d{11}',
  ]
    .map((p) => `(?<![0-9A-Za-z*•#./-])${p}(?![0-9A-Za-z*•#])`)
    .join('|'),
  'g',
)

export function findTaxTokens(text: string, from: number, to: number): TaxToken[] {
  const out: TaxToken[] = []
  const a = Math.max(0, from - 20)
  const slice = text.slice(a, Math.min(text.length, to + 20))
  TAX.lastIndex = 0
  for (let m = TAX.exec(slice); m !== null; m = TAX.exec(slice)) {
    const start = a + m.index
    const end = start + m[0].length
    if (end < from || start > to) continue
    let pattern = ''
    const positions: number[] = []
    for (let k = 0; k < m[0].length; k++) {
      const c = m[0][k] as string
      if (c === '.' || c === '/' || c === '-') continue
      pattern += c >= '0' && c <= '9' ? c : '?'
      positions.push(k)
    }
    // A token that shows fewer than three digits tells nothing either way.
    if (pattern.replace(/\?/g, '').length >= 3) out.push({ start, end, pattern, positions })
  }
  return out
}

export type TaxCheck = { verdict: Verdict; shown?: string }

/** The token's own text over digit positions a..b, with '…' where it is cut. */
function shownSpan(text: string, token: TaxToken, a: number, b: number): string {
  const base = token.start
  const s = base + (token.positions[a] as number)
  const e = base + (token.positions[b] as number) + 1
  return `${a > 0 ? '…' : ''}${text.slice(s, e)}${b < token.positions.length - 1 ? '…' : ''}`
}

/** Compares by digit positions; a fragment must sit inside a visible run of the token. */
export function compareTax(text: string, rule: TaxRule, token: TaxToken): TaxCheck {
  const p = token.pattern
  if (rule.kind !== 'fragmento') {
    if (p.length !== rule.digits.length) return { verdict: 'silent' }
    for (let k = 0; k < p.length; k++)
      if (p[k] !== '?' && p[k] !== rule.digits[k]) return { verdict: 'contradict' }
    if (rule.kind === 'cnpj') return { verdict: 'agree', shown: text.slice(token.start, token.end) }
    // A CPF is shown by its middle six digits, as the courts publish it (…456.789…).
    const visible = [...p].map((c, k) => (c === '?' ? -1 : k)).filter((k) => k >= 0)
    const a = p.slice(3, 9).includes('?') ? (visible[0] as number) : 3
    const b = p.slice(3, 9).includes('?') ? (visible[visible.length - 1] as number) : 8
    return { verdict: 'agree', shown: shownSpan(text, token, a, b) }
  }
  const f = rule.digits
  if (f.length > p.length) return { verdict: 'silent' }
  const at = p.indexOf(f)
  if (at >= 0) return { verdict: 'agree', shown: shownSpan(text, token, at, at + f.length - 1) }
  // Masked digits could hide the fragment: only say "no" when no placement fits what is visible.
  for (let s = 0; s + f.length <= p.length; s++) {
    let fits = true
    for (let k = 0; k < f.length && fits; k++) fits = p[s + k] === '?' || p[s + k] === f[k]
    if (fits) return { verdict: 'silent' }
  }
  return { verdict: 'contradict' }
}

export type Oab = { number: string; uf: string | null }

export const UFS: ReadonlySet<string> = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
)

/** "123456/SP", "SP 123.456", "OAB/SP nº 123.456", "094719": the number without leading zeros. */
export function parseOab(input: string | null | undefined): Oab | null {
  if (!input) return null
  const number = input.replace(/\D/g, '').replace(/^0+/, '')
  if (!number) return null
  const uf = (input.toUpperCase().match(/[A-Z]{2}/g) ?? []).find((w) => w !== 'OA' && UFS.has(w)) ?? null
  return { number, uf }
}

// "OAB/SP 123.456", "OAB 123456/SP", "OAB-SP nº 123.456", "OAB/RJ-094719", "OAB/SP sob o nº 12.345"
const OAB =
  /\bOAB\s*[/:–-]?\s*(?:([A-Za-z]{2})(?![A-Za-z]))?\s*[/:–-]?\s*(?:sob\s+(?:o\s+)?)?(?:n\.?(?:[º°o]|[úu]mero|r)?\.?\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:\s*[/–-]\s*([A-Za-z]{2})(?![A-Za-z]))?/gi

export type OabToken = Oab & { start: number; end: number }

export function findOabTokens(text: string, from: number, to: number): OabToken[] {
  const out: OabToken[] = []
  const a = Math.max(0, from - 30)
  const slice = text.slice(a, Math.min(text.length, to + 30))
  OAB.lastIndex = 0
  for (let m = OAB.exec(slice); m !== null; m = OAB.exec(slice)) {
    const start = a + m.index
    const end = start + m[0].length
    if (end < from || start > to) continue
    const number = (m[2] ?? '').replace(/\D/g, '').replace(/^0+/, '')
    const uf = [m[1], m[3]].map((u) => u?.toUpperCase()).find((u) => u !== undefined && UFS.has(u)) ?? null
    if (number) out.push({ number, uf, start, end })
  }
  return out
}

export function compareOab(rule: Oab, found: Oab): Verdict {
  if (rule.number !== found.number) return 'contradict'
  if (rule.uf && found.uf && rule.uf !== found.uf) return 'contradict'
  return 'agree'
}

/**
 * The identifier that belongs to the name at [start, end). One written right before it, with
 * only a dash or colon between ("CPF 123.456.789-09 - MARIA SILVA", as lists do), is its own;
 * else the nearest one after it (up to AFTER characters, and before anyone else's name begins);
 * else the nearest one before it (up to BEFORE characters) that no other name stands between or
 * just before ("MARIA SILVA, CPF 1… Réu: JOÃO" gives João nothing). Null: the text is silent.
 */
export function ownedToken<T extends { start: number; end: number }>(
  text: string,
  tokens: Tokens,
  start: number,
  end: number,
  find: (from: number, to: number) => T[],
): T | null {
  const before = find(Math.max(0, start - BEFORE), start).filter((t) => t.end <= start)
  let last = before[before.length - 1] ?? null
  if (
    last &&
    (nextNameStart(text, tokens, last.end, start) < start ||
      nextNameStart(text, tokens, Math.max(0, last.start - 40), last.start) < last.start)
  )
    last = null
  if (last && /^[\s:–-]*$/.test(text.slice(last.end, start))) return last
  const limit = Math.min(text.length, end + AFTER)
  const after = find(end, limit).filter((t) => t.start >= end)
  if (after.length) {
    const stop = nextNameStart(text, tokens, end, limit)
    const first = after.find((t) => t.start < stop)
    if (first) return first
  }
  return last
}
