import { describe, expect, it } from 'vitest'
import { isLegalPhrase, isLegalWord } from '~/domain/privacy/legal-phrases'
import { maskNamesInText } from '~/domain/privacy/mask-text'
import { personNames } from '~/domain/privacy/minors'
import { scoreNameReader } from '~/domain/privacy/name-reader-score'
import { FIRST_NAMES } from '~/fixtures/corpus/names'
import { NAME_READER_CASES } from '../fixtures/name-reader-phrases'

// Issue 38 C (decisions/0090): case law and class lines in capitals came out as initials
// ("H. C. E. V. (ART. 217-A, C. P.). P. D. N. P.", "D. L." for "DIVÓRCIO LITIGIOSO").

const masked = (text: string, heading = false) => maskNamesInText(text, personNames(text, { heading }))

describe('the name reader on case law and class lines', () => {
  it('an ementa in capitals that names nobody keeps every word (TJAL 0800256-09.2018.8.02.9002)', () => {
    const ementa =
      'HABEAS CORPUS. ESTUPRO DE VULNERÁVEL (ART. 217-A, DO CÓDIGO PENAL). PLEITO DE DECLARAÇÃO DE NULIDADE PROCESSUAL. ' +
      'ALEGAÇÃO DE CERCEAMENTO DO DIREITO DE DEFESA E DECRETAÇÃO DE PRISÃO ILEGAL. ORDEM CONHECIDA E DENEGADA.'
    expect(masked(ementa, true)).toBe(ementa)
    expect(masked(ementa)).toBe(ementa)
  })

  it("a gazette's class line stays, the parties it names become initials", () => {
    const text =
      'Processo 0001234-56.2024.8.26.0100\nClasse: DIVÓRCIO LITIGIOSO\nRequerente: JULIANA FERRAZ ROCHA\n' +
      'Requerido: MARCOS ANTÔNIO ROCHA\nPROCEDIMENTO COMUM CÍVEL apensado.'
    const out = masked(text)
    expect(out).toContain('Classe: DIVÓRCIO LITIGIOSO')
    expect(out).toContain('PROCEDIMENTO COMUM CÍVEL apensado')
    expect(out).toContain('Requerente: J. F. R.')
    expect(out).toContain('Requerido: M. A. R.')
  })

  it('a class glued to a name on the next line is cut off, the name masked alone', () => {
    const out = masked('Réu: JEFERSON PAIVA DUARTE\nHABEAS CORPUS CRIMINAL apensado.')
    expect(out).toBe('Réu: J. P. D.\nHABEAS CORPUS CRIMINAL apensado.')
  })

  it('names made of words a legal phrase also has are still names', () => {
    expect(masked('Vítima: MARIA DA PENHA SOUZA. Autora: ANA CLARA PEIXOTO.')).toBe(
      'Vítima: M. P. S. Autora: A. C. P.',
    )
    // A surname that is a legal word too ("Pena", "Pessoa") stays with its given name.
    expect(personNames('Réu: MARCELO PENA PESSOA.')).toEqual(['MARCELO PENA PESSOA'])
    expect(isLegalPhrase('PESSOA JURÍDICA')).toBe(true)
    expect(isLegalPhrase('JOSÉ PESSOA')).toBe(false)
  })

  it('no given name of the corpus lists is a legal word', () => {
    const folded = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    expect(FIRST_NAMES.filter((name) => isLegalWord(folded(name)))).toEqual([])
  })

  it('on the labelled set, every run read is a name and every name is masked', () => {
    const score = scoreNameReader(NAME_READER_CASES)
    expect(score.wrong).toEqual([])
    expect(score.unmasked).toEqual([])
    expect(score.precision).toBe(1)
    expect(score.recall).toBe(1)
    expect(score.names).toBeGreaterThanOrEqual(20)
  })
})
