import { describe, expect, it } from 'vitest'
import {
  compileMonitorings,
  excerptAround,
  type MatchDocument,
  type MatchHit,
  type MonitoringRule,
} from '~/domain/monitoring/matcher'
import { compileRule } from '~/domain/monitoring/matcher-compile'
import { evaluate, verifyAt } from '~/domain/monitoring/matcher-verify'
import { tokenize } from '~/domain/monitoring/normalize'
import { FIRST_NAMES, SURNAMES } from '~/fixtures/corpus/names'
import { createRng } from '~/fixtures/corpus/random'
import { HOMONYM_CASES, scoreHomonymCases } from '~/fixtures/homonyms/homonym-cases'

import { doc, rule } from './matcher-helpers'

describe('many rules at once (rule 6)', () => {
  it('checks every rule in one pass and gives at most one hit per rule and document', () => {
    const rules: MonitoringRule[] = [
      rule({ term: 'Maria Silva' }, 1),
      rule({ term: 'Maria Silva Oliveira' }, 2),
      rule({ term: 'Maria Souza' }, 3),
      rule({ term: 'silva maria', mode: 'todas' }, 4),
      rule({ term: 'pregão eletrônico', kind: 'termo' }, 5),
      rule({ term: 'Maria' }, 6),
      rule({ term: '   ' }, 7),
    ]
    const matcher = compileMonitorings(rules)
    expect(matcher.size).toBe(6)
    const text =
      'Maria Silva, servidora; Maria Silva, de novo; MARIA SILVA OLIVEIRA; Maria S. Oliveira. Pregão eletrônico.'
    const hits = matcher.match(doc(text))
    expect(hits.map((h) => h.monitoringId).sort()).toEqual([1, 2, 4, 5, 6])
    expect(hits.find((h) => h.monitoringId === 1)?.start).toBe(0)
    // The same compiled rules serve the next document with no state left over.
    expect(matcher.match(doc('Maria Souza, perita.')).map((h) => h.monitoringId)).toEqual([3, 6])
    expect(matcher.match(doc('Nada aqui.'))).toEqual([])
  })
})

/** Rule 6's oracle: each rule alone, verified at every token where its first word is. */
function naiveMatch(rules: MonitoringRule[], d: MatchDocument): MatchHit[] {
  const tokens = tokenize(d.text)
  const present = new Set(tokens.norm)
  const hits: MatchHit[] = []
  for (const r of rules) {
    const rule = compileRule(r)
    if (!rule) continue
    const occs: number[] = []
    rule.occs = occs
    if (rule.shape === 'todas') {
      if (rule.words.every((w) => present.has(w))) {
        const at = tokens.norm.indexOf(rule.words[0] as string)
        occs.push(at, at, 0)
      }
    } else {
      for (let i = 0; i < tokens.count; i++) {
        if (tokens.norm[i] !== rule.words[0]) continue
        const found = verifyAt(rule, d.text, tokens, i)
        if (found >= 0) occs.push(i, found >> 1, found & 1)
      }
    }
    const h = occs.length ? evaluate(rule, d, tokens) : null
    if (h) hits.push(h)
  }
  return hits.sort((a, b) => a.start - b.start || a.monitoringId - b.monitoringId)
}

describe('the index against each rule alone (rule 6)', () => {
  it('finds exactly the hits of a rule-by-rule scan, on random names, particles and initials', () => {
    const rng = createRng(2026)
    // A small pool, so documents name the monitored people, written in many ways.
    const pool = Array.from({ length: 120 }, () => {
      const words: string[] = [rng.pick(FIRST_NAMES)]
      for (let k = rng.int(1, 3); k > 0; k--) words.push(rng.pick(SURNAMES))
      if (rng.chance(0.2)) words.splice(1, 0, rng.pick(['da', 'de', 'dos']))
      return words
    })
    const initial = (words: string[], k: number) => {
      const out = [...words]
      const w = out[k] as string
      if (k > 0 && k < out.length - 1 && !['da', 'de', 'dos'].includes(w))
        out[k] = `${w[0]}${rng.pick(['.', ''])}`
      return out
    }
    const rules: MonitoringRule[] = []
    for (let id = 1; id <= 300; id++) {
      const words = rng.pick(pool)
      const roll = rng.next()
      const typed = roll < 0.1 ? initial(words, rng.int(1, 2)) : words
      rules.push(
        roll < 0.7
          ? rule({ term: typed.join(' ') }, id)
          : roll < 0.85
            ? rule({ term: [...words].reverse().join(' '), mode: 'todas' }, id)
            : rule(
                { term: `${rng.pick(['pregão', 'contrato'])} nº ${rng.int(1, 30)}/2026`, kind: 'termo' },
                id,
              ),
      )
    }
    const matcher = compileMonitorings(rules)
    let total = 0
    const codes = new Set<string>()
    for (let n = 0; n < 40; n++) {
      const parts: string[] = []
      for (let k = 0; k < 25; k++) {
        let words = rng.pick(pool)
        if (rng.chance(0.25)) words = initial(words, rng.int(1, 2))
        if (rng.chance(0.15)) words = words.filter((w) => !['da', 'de', 'dos'].includes(w))
        if (rng.chance(0.1)) words = [...words, rng.pick(SURNAMES)]
        const name = rng.chance(0.5) ? words.join(' ').toUpperCase() : words.join(' ')
        const bid = rng.chance(0.2) ? `pregão ${rng.pick(['nº ', ''])}${rng.int(1, 30)}/2026. ` : ''
        parts.push(`${name}${rng.pick([', ', '; ', ' e ', ' ', '. Réu: ', '\n'])}${bid}`)
      }
      const d = doc(parts.join(''))
      const hits = matcher.match(d)
      total += hits.length
      for (const h of hits) for (const c of h.reasonCodes) codes.add(c)
      expect(hits).toEqual(naiveMatch(rules, d))
    }
    // Not a comparison of empty lists: every way of matching occurred.
    expect(total).toBeGreaterThan(300)
    expect([...codes].sort()).toEqual(['nome-abreviado', 'nome-exato', 'termo-exato', 'todas-palavras'])
  })
})

describe('excerptAround', () => {
  it('cuts at word boundaries with an ellipsis where cut', () => {
    const text = `${'palavra '.repeat(30)}MARIA SILVA OLIVEIRA, CPF ***.456.789-**, ${'outra '.repeat(30)}`
    const start = text.indexOf('MARIA')
    const e = excerptAround(text, start, start + 'MARIA SILVA OLIVEIRA'.length)
    expect(e.match).toBe('MARIA SILVA OLIVEIRA')
    expect(e.before.startsWith('…palavra')).toBe(true)
    expect(e.after.startsWith(', CPF')).toBe(true)
    expect(e.after.endsWith('outra…')).toBe(true)
    expect(e.before.length + e.after.length).toBeLessThanOrEqual(170)
  })
  it('adds no ellipsis at the ends of a short text and folds line breaks', () => {
    expect(excerptAround('Autora:\nMARIA SILVA.', 8, 19)).toEqual({
      before: 'Autora: ',
      match: 'MARIA SILVA',
      after: '.',
    })
  })
})

describe('the labelled homonym set (rule 7)', () => {
  it('has at least 60 cases, named uniquely', () => {
    expect(HOMONYM_CASES.length).toBeGreaterThanOrEqual(60)
    expect(new Set(HOMONYM_CASES.map((c) => c.name)).size).toBe(HOMONYM_CASES.length)
  })
  it('reaches precision and recall ≥ 0.9', () => {
    const score = scoreHomonymCases()
    expect(score.tp + score.fp + score.fn + score.tn).toBe(HOMONYM_CASES.length)
    expect(score.precision).toBeGreaterThanOrEqual(0.9)
    expect(score.recall).toBeGreaterThanOrEqual(0.9)
  })
})
