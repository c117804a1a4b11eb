import type { MatchDocument, MonitoringRule } from './matcher'

// Shared by the labelled homonym set's files (decisions/0031).

export type HomonymCase = {
  name: string
  rule: Omit<MonitoringRule, 'id'>
  doc: Omit<MatchDocument, 'key' | 'contextKey'> & { contextKey?: string }
  expected: boolean
  why: string
}

export const CAMPINAS = 3509502
export const SANTOS = 3548500

export const nome = (term: string, extra: Partial<MonitoringRule> = {}): Omit<MonitoringRule, 'id'> => ({
  kind: 'nome',
  term,
  mode: 'exato',
  ...extra,
})
export const termo = (term: string, mode: MonitoringRule['mode'] = 'exato'): Omit<MonitoringRule, 'id'> => ({
  kind: 'termo',
  term,
  mode,
})
export const intimacao = (parties: string) =>
  `Intimação - Processo 1001234-56.2024.8.26.0100. ${parties}\nFica a parte intimada a recolher as custas de diligência do oficial de justiça no prazo de 5 (cinco) dias.`
