import { describe, expect, it } from 'vitest'
import { buildCnj, cnjCheckDigits, courtOf, formatCnj, isValidCnj, parseCnj } from '~/domain/corpus/cnj'
import { DomainError } from '~/domain/errors'

// Real numbers from the shared samples (DataJud TJAC/TJDFT, DJEN TJRJ) and a TJAL ementa.
const VALID = [
  '00176617820068010001',
  '0720003-83.2021.8.07.0015',
  '0919992-11.2023.8.19.0001',
  '07122527920208070015',
]

describe('CNJ numbers (ISO 7064 mod 97)', () => {
  it.each(VALID)('accepts %s', (number) => {
    expect(isValidCnj(number)).toBe(true)
  })

  it('computes the check digits from the other 18', () => {
    // 0919992-DD.2023.8.19.0001 → DD = 98 - (0919992 2023 8 19 0001 00 mod 97) = 11
    expect(cnjCheckDigits('0919992', '2023', '8', '19', '0001')).toBe('11')
    expect(cnjCheckDigits('0017661', '2006', '8', '01', '0001')).toBe('78')
  })

  it.each([
    ['wrong check digits', '0919992-12.2023.8.19.0001'],
    ['one digit changed', '0919993-11.2023.8.19.0001'],
    ['19 digits', '091999211202381900'],
    ['21 digits', '091999211202381900011'],
    ['letters', '0919992-1A.2023.8.19.0001'],
    ['empty', ''],
  ])('refuses %s', (_reason, number) => {
    expect(isValidCnj(number)).toBe(false)
    expect(() => parseCnj(number)).toThrow(DomainError)
  })

  it('explains an invalid number in Portuguese', () => {
    expect(() => parseCnj('123')).toThrow('Número de processo inválido')
  })

  it('formats NNNNNNN-DD.AAAA.J.TR.OOOO', () => {
    expect(formatCnj('09199921120238190001')).toBe('0919992-11.2023.8.19.0001')
    expect(parseCnj('0919992-11.2023.8.19.0001')).toBe('09199921120238190001')
  })

  it('builds valid numbers for the generator', () => {
    for (let i = 0; i < 200; i++) {
      const number = buildCnj(i * 7919, 2000 + (i % 25), 8, (i % 27) + 1, i % 9999)
      expect(isValidCnj(number)).toBe(true)
    }
  })

  it('names the court from J.TR', () => {
    expect(courtOf('09199921120238190001')).toBe('TJRJ')
    expect(courtOf('07200038320218070015')).toBe('TJDFT')
    expect(courtOf(buildCnj(1, 2020, 5, 2, 1))).toBe('TRT2')
    expect(courtOf(buildCnj(1, 2020, 4, 3, 1))).toBe('TRF3')
  })
})
