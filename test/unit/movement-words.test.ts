import { describe, expect, it } from 'vitest'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { movementWords } from '~/domain/corpus/movement-words'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { MOVEMENT_WORDS } from '~/i18n/pt-BR/movements'
import { deps, get } from './helpers'
import { sharedFile } from './shared-data'

// Movements in plain Portuguese (issue 41 §4): a table by TPU code, on the lawsuit page and in
// the movement notification (monitoring.test.ts holds the notification's words).

const SAMPLES = ['datajud/tjac_execucao_fazenda_1hit.json', 'datajud/tjdft_precatorios_137hits.json']

describe('movements in plain Portuguese', () => {
  it('explain every named movement code of the DataJud samples, and at least 100 codes in all', () => {
    const named = new Map<number, string>()
    for (const path of SAMPLES) {
      const body = JSON.parse(sharedFile(path)) as {
        hits: { hits: { _source: { movimentos?: { codigo: number; nome?: string }[] } }[] }
      }
      for (const hit of body.hits.hits)
        for (const m of hit._source.movimentos ?? []) if (m.nome?.trim()) named.set(m.codigo, m.nome)
    }
    expect(named.size).toBeGreaterThan(70)
    expect([...named.keys()].filter((code) => !(code in MOVEMENT_WORDS))).toEqual([])
    expect(Object.keys(MOVEMENT_WORDS).length).toBeGreaterThanOrEqual(100)
    for (const words of Object.values(MOVEMENT_WORDS)) {
      expect(words.what.trim().length).toBeGreaterThan(10)
      expect(words.next.trim().length).toBeGreaterThan(10)
    }
    expect(movementWords(null)).toBeNull()
    expect(movementWords(99_999_999)).toBeNull()
  })

  it('show on the lawsuit page; an unknown code keeps its official name alone', async () => {
    const cnj = buildCnj(Date.now() % 9_000_000, 2025, 8, 26, 77)
    await upsertLawsuits(deps().db, [
      {
        cnj,
        court: 'TJSP',
        className: 'Procedimento Comum Cível',
        classCode: 7,
        secrecyLevel: 0,
        source: 'teste',
        subjects: [],
        parties: [],
        movements: [
          { at: '2025-03-10T10:00:00', code: 848, name: 'Trânsito em julgado', complements: null },
          { at: '2025-03-11T10:00:00', code: 99_999_998, name: 'Movimento Raro de Teste', complements: null },
        ],
      },
    ])
    const html = await (await get(`/processos/${formatCnj(cnj)}`)).text()
    expect(html).toContain('Trânsito em julgado')
    expect(html).toContain(MOVEMENT_WORDS[848]?.what)
    expect(html).toContain(`Depois, em geral: ${MOVEMENT_WORDS[848]?.next}`)
    expect(html).toContain('Movimento Raro de Teste')
  })
})
