import { describe, expect, it } from 'vitest'
import {
  actFromText,
  asksNothing,
  criminalRecessException,
  intimatedParty,
  periodFromText,
} from '~/domain/deadlines/reading'

describe('the period the text names', () => {
  it.each([
    ['no prazo de 15 (quinze) dias', 15],
    ['Manifeste-se em 5 dias.', 5],
    ['no prazo de quinze dias', 15],
    ['prazo comum de 10 (dez) dias úteis', 10],
    ['dentro de 30 dias', 30],
    ['pelo prazo de vinte e cinco dias', 25],
    ['Prazo: 5 dias.', 5],
  ])('"%s" → %i days', (text, days) => {
    expect(periodFromText(text)?.days).toBe(days)
  })

  it('hours become whole days counted without pause (CC art. 132 §4º), rounded up', () => {
    expect(periodFromText('Manifeste-se em 48 (quarenta e oito) horas.')).toMatchObject({
      days: 2,
      hours: 48,
      corridos: true,
    })
    expect(periodFromText('em 72 horas')).toMatchObject({ days: 3 })
  })

  it('a suspension of the case for N days is not the lawyer’s period', () => {
    expect(periodFromText('Defiro a suspensão do processo por 90 (noventa) dias.')).toBeNull()
    expect(periodFromText('Aguarde-se em arquivo por 30 dias. Manifeste-se o autor em 5 dias.')?.days).toBe(5)
  })

  it('numbers of days that are not a period are ignored', () => {
    expect(periodFromText('O réu está em atraso de 90 dias e a audiência ocorreu há 30 dias.')).toBeNull()
  })

  it('several periods: the shortest, and all of them said', () => {
    expect(
      periodFromText('Manifestem-se no prazo de 10 dias. Após, vista ao MP pelo prazo de 30 dias.'),
    ).toMatchObject({
      days: 10,
      several: [10, 30],
    })
  })
})

describe('the law’s period for an act named without a number', () => {
  it.each([
    ['Intime-se o apelado para apresentar contrarrazões.', 'civel', 15],
    ['Intime-se o embargado sobre os embargos de declaração.', 'civel', 5],
    ['Intime-se o executado para pagar, nos termos do art. 523 do CPC.', 'civel', 15],
    ['Fica a parte intimada para interpor recurso inominado.', 'juizado', 10],
    ['Intime-se para contrarrazões ao recurso ordinário.', 'trabalhista', 8],
    ['Intime-se a defesa para apresentar resposta à acusação.', 'criminal', 10],
    ['Intime-se a defesa; querendo, oponha embargos de declaração.', 'criminal', 2],
    ['Intime-se o recorrido para contrarrazões à apelação.', 'jecrim', 10],
  ] as const)('%s (%s) → %i', (text, context, days) => {
    expect(actFromText(text, context)?.days).toBe(days)
  })

  it('an act told in the report of a sentence is not asked', () => {
    expect(
      actFromText('Citado, o réu apresentou contestação. Julgo procedente o pedido.', 'civel'),
    ).toBeNull()
  })
})

describe('what the intimação asks and of whom', () => {
  it('pauta, lista de distribuição, edital and a certidão that asks nothing get no deadline', () => {
    expect(asksNothing('Pauta de julgamento', null, 'Sessão em 20/05.')).toBe(true)
    expect(asksNothing('Lista de distribuição', null, '')).toBe(true)
    expect(asksNothing('Edital', null, 'EDITAL DE CITAÇÃO. Prazo de 20 dias.')).toBe(true)
    expect(asksNothing('Intimação', 'Certidão', 'Certifico que decorreu o prazo sem manifestação.')).toBe(
      true,
    )
    expect(
      asksNothing(
        'Intimação',
        'Certidão',
        'Fica a parte autora intimada para se manifestar no prazo de 15 dias.',
      ),
    ).toBe(false)
  })

  it('the public party intimated by name', () => {
    expect(intimatedParty('Intime-se a Fazenda Pública do Estado para contrarrazões.')).toBe('fazenda')
    expect(intimatedParty('Intime-se o Município de Salvador.')).toBe('fazenda')
    expect(intimatedParty('Intime-se a Defensoria Pública para manifestação.')).toBe('defensoria')
    expect(intimatedParty('Manifestem-se as partes. Após, vista ao Ministério Público.')).toBeNull()
    expect(
      intimatedParty('Intime-se o réu para contestar a ação movida pelo Estado de São Paulo.'),
    ).toBeNull()
  })

  it('CPP art. 798-A exceptions read from the text', () => {
    expect(criminalRecessException('Réu preso. Intime-se a defesa.')).toBe(true)
    expect(criminalRecessException('Medida protetiva (Lei 11.340/2006).')).toBe(true)
    expect(criminalRecessException('Intime-se a defesa para alegações finais.')).toBe(false)
  })
})
