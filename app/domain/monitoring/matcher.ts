/**
 * The monitoring matcher (issue 16, decisions/0031): which monitored names and terms occur in a
 * newly imported document, and why. Pure: no D1, no Worker APIs; it runs in the Worker's queue
 * consumer and in Node (the bench). Compile the rules once, then match each document in one pass
 * over its words, whatever the number of rules.
 */
import { buildIndex, type CompiledRule, compileRule } from './matcher-compile'
import { evaluate, verifyAt } from './matcher-verify'
import { NUMBER_SIGNS, PARTICLES, startsWithDigit, tokenize } from './normalize'

export { normalizeForMonitoring } from './normalize'

export type MonitoringRule = {
  id: number
  /** A person's or company's name, or a free term ("pregão eletrônico 45/2026"). */
  kind: 'nome' | 'termo'
  /** As the user typed it. */
  term: string
  /** The exact name or phrase, or all the words in any order. */
  mode: 'exato' | 'todas'
  uf?: string | null
  /** IBGE code. */
  cityCode?: number | null
  /** The city's name, for the reason shown when the city agrees ("Mesma cidade: Campinas"). */
  cityName?: string | null
  /** '123456' or '123456/SP', any punctuation. */
  oab?: string | null
  /** CPF or CNPJ, whole or a fragment of ≥ 3 digits, any punctuation. */
  taxId?: string | null
  /** Another name that must also appear. */
  coParty?: string | null
  /** Context keys the user marked "não sou eu". */
  exclusions?: string[]
}

export type MatchDocument = {
  /** The caller's id: 'materia:123', 'movimento:77', 'processo:5'. */
  key: string
  /** Title and body, or parties and movement text. */
  text: string
  uf?: string | null
  cityCode?: number | null
  /** What "não sou eu" excludes next time: 'processo:…', 'diario:dje-tjsp:3ª Vara Cível'. */
  contextKey: string
  /** OAB numbers the source lists (a lawsuit's lawyers), any format. */
  oabs?: string[]
}

export type MatchHit = {
  monitoringId: number
  documentKey: string
  /** pt-BR sentences for the user. */
  reasons: string[]
  /**
   * Stable codes: 'nome-exato' | 'nome-abreviado' | 'todas-palavras' | 'termo-exato' | 'uf' |
   * 'cidade' | 'oab' | 'cpf' | 'cnpj' | 'coparte'.
   */
  reasonCodes: string[]
  /** UTF-16 offsets of the match in document.text. */
  start: number
  end: number
}

export function compileMonitorings(rules: MonitoringRule[]): {
  match(doc: MatchDocument): MatchHit[]
  size: number
} {
  const compiled = rules.map(compileRule).filter((r): r is CompiledRule => r !== null)
  const index = buildIndex(compiled)
  // Stamps mark per-document state on the compiled rules instead of allocating sets per document.
  let docStamp = 0
  let tryStamp = 0

  function match(doc: MatchDocument): MatchHit[] {
    const text = doc.text
    const tokens = tokenize(text)
    const norm = tokens.norm
    const count = tokens.count
    const stamp = ++docStamp
    const found: CompiledRule[] = []
    const occur = (rule: CompiledRule, first: number, last: number, abbreviated: number) => {
      if (rule.seen !== stamp) {
        rule.seen = stamp
        rule.occs.length = 0
        found.push(rule)
      }
      rule.occs.push(first, last, abbreviated)
    }
    const attempt = (rules: CompiledRule[] | undefined, i: number) => {
      if (!rules) return
      for (const rule of rules) {
        if (rule.tried === tryStamp) continue
        rule.tried = tryStamp
        const at = verifyAt(rule, text, tokens, i)
        if (at >= 0) occur(rule, i, at >> 1, at & 1)
      }
    }
    for (let i = 0; i < count; i++) {
      const node = index.get(norm[i] as string)
      if (node === undefined) continue
      if (node.single) for (const rule of node.single) occur(rule, i, i, 0)
      if (node.todas) for (const rule of node.todas) occur(rule, i, i, 0)
      const next = node.next
      if (next === null) continue
      tryStamp++
      const raw = norm[i + 1]
      if (raw === undefined) continue
      attempt(next.get(raw), i)
      let s = i + 1
      while (s < count && PARTICLES.has(norm[s] as string)) s++
      const sig = norm[s]
      if (sig !== undefined && sig !== raw) attempt(next.get(sig), i)
      if (node.initials && sig !== undefined && sig.length > 1) attempt(next.get(sig[0] as string), i)
      const after = norm[i + 2]
      if (NUMBER_SIGNS.has(raw) && startsWithDigit(after)) attempt(next.get(after as string), i)
    }
    if (!found.length) return []
    let present: Set<string> | null = null
    const docWords = () => {
      present ??= new Set(norm)
      return present
    }
    const hits: MatchHit[] = []
    for (const rule of found) {
      const hit = evaluate(rule, doc, tokens, docWords)
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
