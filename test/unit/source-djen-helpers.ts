import { SELF } from 'cloudflare:test'
import { expect } from 'vitest'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { stripBom } from '~/domain/corpus/import/text'
import { BASE, ORIGIN, postJson } from './helpers'
import { sharedFile } from './shared-data'

// The DJEN stand-in's answers for source-djen.test.ts and source-djen-stand-in.test.ts: the
// recorded answer under fresh ids, many communications of one court and day, and the stand-in
// loaded with them.

export type Item = Record<string, unknown>
export const SAMPLE = 'djen/tjrj_comunicacoes_09199921120238190001.json'
export const SAMPLE_CNJ = '09199921120238190001'
export const window = { from: '2025-01-01', to: '2025-12-31' }

let serial = 0
/** A number no other call in this file's run had: fresh lawsuit numbers per test. */
export const nextSerial = () => {
  serial += 1
  return serial
}
/**
 * The recorded answer's communications under fresh ids and a fresh lawsuit number, so each test
 * stores its own (other files import the sample itself into the same database).
 */
export function recordedAnswer(): { count: number; items: Item[]; cnj: string } {
  serial += 1
  const base = 900_000_000 + Math.floor(Math.random() * 50_000_000) * 10
  const cnj = buildCnj(7_000_000 + ((base / 10) % 2_000_000) + serial, 2024, 8, 19, 1)
  const answer = JSON.parse(stripBom(sharedFile(SAMPLE))) as { count: number; items: Item[] }
  const text = JSON.stringify(answer.items)
    .replaceAll(SAMPLE_CNJ, cnj)
    .replaceAll(formatCnj(SAMPLE_CNJ), formatCnj(cnj))
  const items = (JSON.parse(text) as Item[]).map((item, i) => ({ ...item, id: base + i }))
  return { count: answer.count, items, cnj }
}

/** `n` communications of `n` lawsuits of one court on one day, each naming one OAB. */
export function manyCommunications(n: number, court: string, date: string, oab = '123456'): Item[] {
  serial += 1
  const start = 800_000_000 + Math.floor(Math.random() * 90_000_000) * 10
  return Array.from({ length: n }, (_, i) => {
    const cnj = buildCnj(1_000_000 + ((start / 10) % 8_000_000) + i, 2025, 8, 13, 24)
    return {
      id: start + i,
      data_disponibilizacao: date,
      siglaTribunal: court,
      tipoComunicacao: 'Intimação',
      nomeOrgao: '1ª Vara Cível de Belo Horizonte',
      texto: `Intimação no processo ${formatCnj(cnj)}. AUTOR: SIGILOSO ADVOGADO: ANA TESTE OAB/MG-${oab}`,
      numero_processo: cnj,
      numeroprocessocommascara: formatCnj(cnj),
      nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
      codigoClasse: '7',
      ativo: true,
      destinatarios: [{ nome: 'PARTE SIGILOSA', polo: 'A' }],
      destinatarioadvogados: [{ advogado: { nome: 'ANA TESTE', numero_oab: oab, uf_oab: 'MG' } }],
    }
  })
}

export async function standIn(items: Item[]) {
  await SELF.fetch(`${BASE}/__dev/djen/comunicacoes`, { method: 'DELETE', headers: ORIGIN })
  // In slices: every request body has the site's byte cap.
  for (let at = 0; at < items.length; at += 40) {
    const response = await postJson('/__dev/djen/comunicacoes', { items: items.slice(at, at + 40) })
    expect(response.status).toBe(201)
  }
}
