import type { UFS } from '~/schemas/ufs'

// The federative units by name, each with the preposition Portuguese contracts with it: "do Rio de
// Janeiro", "da Bahia", "de São Paulo" (issue 38). The article is part of the name and cannot be
// derived from it ("de Pernambuco" but "do Paraná"), so it is data, kept beside the name.

export type Uf = (typeof UFS)[number]
type Unit = { name: string; of: 'de' | 'do' | 'da' }

export const STATES: Record<Uf, Unit> = {
  AC: { name: 'Acre', of: 'do' },
  AL: { name: 'Alagoas', of: 'de' },
  AP: { name: 'Amapá', of: 'do' },
  AM: { name: 'Amazonas', of: 'do' },
  BA: { name: 'Bahia', of: 'da' },
  CE: { name: 'Ceará', of: 'do' },
  DF: { name: 'Distrito Federal', of: 'do' },
  ES: { name: 'Espírito Santo', of: 'do' },
  GO: { name: 'Goiás', of: 'de' },
  MA: { name: 'Maranhão', of: 'do' },
  MT: { name: 'Mato Grosso', of: 'do' },
  MS: { name: 'Mato Grosso do Sul', of: 'do' },
  MG: { name: 'Minas Gerais', of: 'de' },
  PA: { name: 'Pará', of: 'do' },
  PB: { name: 'Paraíba', of: 'da' },
  PR: { name: 'Paraná', of: 'do' },
  PE: { name: 'Pernambuco', of: 'de' },
  PI: { name: 'Piauí', of: 'do' },
  RJ: { name: 'Rio de Janeiro', of: 'do' },
  RN: { name: 'Rio Grande do Norte', of: 'do' },
  RS: { name: 'Rio Grande do Sul', of: 'do' },
  RO: { name: 'Rondônia', of: 'de' },
  RR: { name: 'Roraima', of: 'de' },
  SC: { name: 'Santa Catarina', of: 'de' },
  SP: { name: 'São Paulo', of: 'de' },
  SE: { name: 'Sergipe', of: 'de' },
  TO: { name: 'Tocantins', of: 'do' },
}

const unit = (uf: string): Unit | null => STATES[uf.toUpperCase() as Uf] ?? null

/** "do Rio de Janeiro", "da Bahia", "de São Paulo"; the UF itself when it is none of the 27. */
export function ofState(uf: string): string {
  const found = unit(uf)
  return found ? `${found.of} ${found.name}` : `de ${uf}`
}

/**
 * The unit's government as a body names itself: "Estado do Rio de Janeiro", "Estado da Bahia";
 * the Distrito Federal is a federative unit but not a state, so it is just "Distrito Federal".
 */
export function governmentOf(uf: string): string {
  const found = unit(uf)
  if (!found) return uf
  return uf.toUpperCase() === 'DF' ? found.name : `Estado ${ofState(uf)}`
}

/** "do Estado do Rio de Janeiro", "do Distrito Federal": after a noun ("Diário Oficial …"). */
export function ofGovernment(uf: string): string {
  return uf.toUpperCase() === 'DF' ? ofState(uf) : `do ${governmentOf(uf)}`
}
