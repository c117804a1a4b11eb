import { describe, expect, it } from 'vitest'
import { initials, isNaturalPerson, isOrganizationName } from '~/domain/privacy/initials'
import { maskNamesInText } from '~/domain/privacy/mask-text'

// The form of the initials and who keeps a name (decisions/0064).

describe('initials of a natural person', () => {
  it('first letter of each word, particles left out', () => {
    expect(initials('Maria da Silva Souza')).toBe('M. S. S.')
    expect(initials('MARIA DAS GRAÇAS SOUZA DE SÁ')).toBe('M. G. S. S.')
    expect(initials("JOÃO D'ÁVILA")).toBe('J. Á.')
    expect(initials('Ana')).toBe('A.')
  })

  it('the one rule (decisions/0097), worked by hand: an elided particle is a particle, spellings agree', () => {
    const cases: [string, string][] = [
      // "D'Ávila" is "de Ávila" written short: the surname is Ávila, however a source spells it.
      ["JOÃO D'ÁVILA", 'J. Á.'],
      ['João de Ávila', 'J. Á.'],
      ['Ana D’Ávila Prado', 'A. Á. P.'],
      // Italian, Dutch and German particles are left out as the Portuguese ones are.
      ['Ana di Lorenzo', 'A. L.'],
      ['ANA DI LORENZO', 'A. L.'],
      ['Pedro van Dijk', 'P. D.'],
      ['Carlos von Bahr', 'C. B.'],
      ['José dos Santos e Silva', 'J. S. S.'],
      ['Maria Del Carmen Souza', 'M. C. S.'],
      // A word that begins with D (no apostrophe) is a name, not a particle.
      ['Dalva Dias', 'D. D.'],
      ['Davila Soares', 'D. S.'],
      // Accents stay (the letter as printed); spacing and case do not matter.
      ['  érica   ÓRFÃO  ', 'É. Ó.'],
      // Nothing but particles leaves no letter: a mark, never the name.
      ['de', '*.'],
    ]
    for (const [name, expected] of cases) expect(initials(name), name).toBe(expected)
    // Already initials: masking again changes nothing.
    expect(initials('J. Á.')).toBe('J. Á.')
  })

  it('companies and public bodies keep their names; Sá and Massa are surnames', () => {
    for (const name of [
      'Banco do Brasil S.A.',
      'COMERCIAL BOA MESA LTDA - ME',
      'MINISTÉRIO PÚBLICO DO ESTADO DE SÃO PAULO',
      'INSS',
      'Município de Campinas',
      'MASSA FALIDA DE LOJAS X',
    ])
      expect(isOrganizationName(name), name).toBe(true)
    for (const name of ['Maria das Graças Souza de Sá', 'João Massa', 'Pedro Caixeta'])
      expect(isNaturalPerson({ name }), name).toBe(true)
    expect(isNaturalPerson({ name: 'José Souza', companyId: 3 })).toBe(false)
    expect(
      isNaturalPerson({ name: 'PARTE/PROCESSO SIGILOSO OU PROCESSO ESTá EM SEGREDO DE JUSTIçA.1' }),
    ).toBe(false)
  })

  it('in running text, whatever the case, accents or line breaks; a sentence period closes the initials', () => {
    const text = 'Requerente: MARIA DA SILVA\nSOUZA. Ouvida maria da silva souza, e Maria Silva Souzana.'
    expect(maskNamesInText(text, ['Maria da Silva Souza'])).toBe(
      'Requerente: M. S. S. Ouvida M. S. S., e Maria Silva Souzana.',
    )
  })
})
