import { expect } from 'vitest'
import {
  compileMonitorings,
  type MatchDocument,
  type MatchHit,
  type MonitoringRule,
} from '~/domain/monitoring/matcher'

// Shared by the matcher's test files: one rule, one document, its hit.

export type Rule = Partial<MonitoringRule> & { term: string }
export const rule = (r: Rule, id = 1): MonitoringRule => ({ id, kind: 'nome', mode: 'exato', ...r })
export const doc = (text: string, extra: Partial<MatchDocument> = {}): MatchDocument => ({
  key: 'materia:1',
  contextKey: 'diario:dje-tjsp:3ª Vara Cível',
  text,
  ...extra,
})
/** The one hit of one rule in one text, or null. */
export function hit(r: Rule, text: string, extra: Partial<MatchDocument> = {}): MatchHit | null {
  const hits = compileMonitorings([rule(r)]).match(doc(text, extra))
  expect(hits.length).toBeLessThanOrEqual(1)
  return hits[0] ?? null
}
export const matches = (r: Rule, text: string, extra: Partial<MatchDocument> = {}) =>
  hit(r, text, extra) !== null
