import { describe, expect, it } from 'vitest'
import { computeDeadline } from '~/domain/deadlines/compute'
import type { DeadlineInput } from '~/domain/deadlines/types'
import { DEVELOPMENT_DEADLINE_CASES, HELDOUT_DEADLINE_CASES } from '~/fixtures/deadlines'
import { scoreDeadlineCases } from '~/fixtures/deadlines/score'

// Each case below was worked out by hand on the 2025 calendar (Easter 20 April) before it ran.
const intimation = (over: Partial<DeadlineInput>): DeadlineInput => ({
  availableOn: '2025-07-04',
  court: 'TJSP',
  organ: 'Vara Cível de Campinas',
  text: 'Manifeste-se o autor no prazo de 15 (quinze) dias.',
  classCode: '7',
  className: 'PROCEDIMENTO COMUM CÍVEL',
  active: true,
  ...over,
})

const skipped = (d: ReturnType<typeof computeDeadline>) =>
  d?.steps.filter((s) => s.skipped).map((s) => s.date)

describe('publication and start (Lei 11.419/2006 art. 4º §§3º–4º, CPC art. 224)', () => {
  it('publishes on the next business day and starts on the one after; a Friday reaches Monday and Tuesday', () => {
    const d = computeDeadline(intimation({ availableOn: '2025-10-03', text: 'Diga em 5 dias.' }))
    expect(d).toMatchObject({
      publishedOn: '2025-10-06',
      startsOn: '2025-10-07',
      lastDay: '2025-10-13',
      days: 5,
    })
    expect(d?.rules[0]?.basis).toMatch(/Lei 11\.419\/2006 art\. 4º §3º/)
  })

  it('a holiday after the disponibilização delays the publication (23 April in Rio de Janeiro)', () => {
    const d = computeDeadline(
      intimation({
        availableOn: '2025-04-22',
        court: 'TJRJ',
        organ: 'Vara Cível de Niterói',
        text: 'Diga em 5 dias.',
      }),
    )
    expect(d).toMatchObject({ publishedOn: '2025-04-24', startsOn: '2025-04-25', lastDay: '2025-05-02' })
  })
})

describe('business days (CPC art. 219) on the court’s calendar', () => {
  it('skips the weekend and the state holiday with its reason', () => {
    const d = computeDeadline(intimation({}))
    expect(d?.lastDay).toBe('2025-07-29')
    const holiday = d?.steps.find((s) => s.date === '2025-07-09')
    expect(holiday?.skipped).toEqual({
      reason: 'holiday',
      label: 'Revolução Constitucionalista',
      basis: 'Lei estadual (SP) 9.497/1997',
    })
    expect(d?.steps.filter((s) => s.ordinal).length).toBe(15)
  })

  it('a federal court skips the whole Holy Week from Wednesday (Lei 5.010/1966 art. 62 II)', () => {
    const d = computeDeadline(
      intimation({
        availableOn: '2025-04-15',
        court: 'TRF1',
        organ: 'Vara Federal da SJDF',
        text: 'Diga em 5 dias.',
      }),
    )
    expect(d).toMatchObject({ publishedOn: '2025-04-22', startsOn: '2025-04-23', lastDay: '2025-04-29' })
  })

  it('a suspension a reviewer declared moves the count', () => {
    const suspensions = [
      {
        court: 'TJSP',
        from: '2025-07-14',
        to: '2025-07-15',
        reason: 'Falha no sistema',
        source: 'Comunicado CG 1/2025',
      },
    ]
    const d = computeDeadline(intimation({ suspensions }))
    expect(d?.lastDay).toBe('2025-07-31')
    expect(d?.steps.find((s) => s.date === '2025-07-14')?.skipped?.basis).toBe('Comunicado CG 1/2025')
  })
})

describe('the suspension of 20 December – 20 January (CPC art. 220)', () => {
  it('stops a civil count on 19 December and resumes it on 21 January', () => {
    const d = computeDeadline(intimation({ availableOn: '2025-12-12', text: 'Diga em 5 dias.' }))
    expect(d).toMatchObject({ startsOn: '2025-12-16', lastDay: '2026-01-21' })
    expect(d?.rules.some((r) => r.basis === 'CPC art. 220')).toBe(true)
    expect(skipped(d)).toContain('2026-01-20')
    // Each day of the suspension is named by it, Christmas included; dates read as dd/mm/yyyy.
    expect(d?.steps.find((s) => s.date === '2025-12-25')?.skipped).toMatchObject({
      label: 'Prazos suspensos (20/12 a 20/01)',
      basis: 'CPC art. 220',
    })
    expect(d?.rules[0]?.text).toContain('15/12/2025')
  })
})

describe('criminal matters: calendar days (CPP art. 798)', () => {
  const criminal = {
    classCode: '283',
    className: 'AÇÃO PENAL - PROCEDIMENTO ORDINÁRIO',
    organ: 'Vara Criminal de Campinas',
  }

  it('counts weekends and holidays, and an end on a Sunday moves to Monday (§3º)', () => {
    const d = computeDeadline(
      intimation({ ...criminal, availableOn: '2025-03-10', text: 'Diga a defesa em 5 dias.' }),
    )
    expect(d).toMatchObject({
      counting: 'corridos',
      matter: 'criminal',
      startsOn: '2025-03-12',
      lastDay: '2025-03-17',
    })
    expect(d?.steps.at(-1)).toEqual({ date: '2025-03-17', extended: true })
  })

  it('suspends from 20 December to 20 January (art. 798-A) unless the text says réu preso', () => {
    const text = 'Intime-se a defesa para se manifestar no prazo de 5 (cinco) dias.'
    const free = computeDeadline(intimation({ ...criminal, availableOn: '2026-01-08', text }))
    const held = computeDeadline(
      intimation({ ...criminal, availableOn: '2026-01-08', text: `Réu preso. ${text}` }),
    )
    expect(free?.lastDay).toBe('2026-01-26')
    expect(held?.lastDay).toBe('2026-01-16')
    expect(free?.rules.some((r) => r.check && r.basis.startsWith('CPP art. 798-A'))).toBe(true)
  })
})

describe('Juizados and labour courts count business days', () => {
  it('Juizado: the law’s 10 days for the recurso inominado (Lei 9.099 arts. 12-A and 42)', () => {
    const d = computeDeadline(
      intimation({
        availableOn: '2025-10-09',
        classCode: '436',
        className: 'PROCEDIMENTO DO JUIZADO ESPECIAL CÍVEL',
        text: 'Fica a parte ré intimada da sentença para, querendo, interpor recurso inominado.',
      }),
    )
    expect(d).toMatchObject({ matter: 'juizado', days: 10, daysFrom: 'lei', lastDay: '2025-10-24' })
  })

  it('labour: 8 days for contrarrazões (CLT art. 900), business days (CLT art. 775)', () => {
    const d = computeDeadline(
      intimation({
        availableOn: '2025-11-19',
        court: 'TRT2',
        organ: 'Vara do Trabalho de São Paulo',
        text: 'Intime-se para contrarrazões ao recurso ordinário.',
      }),
    )
    expect(d).toMatchObject({ matter: 'trabalhista', days: 8, lastDay: '2025-12-03' })
  })
})

describe('the number of days and doubled periods', () => {
  it('without a number nor an act: 5 days (CPC art. 218 §3º)', () => {
    const d = computeDeadline(
      intimation({
        availableOn: '2025-03-17',
        court: 'TJCE',
        organ: 'Vara de Crato',
        text: 'Intimem-se as partes do retorno dos autos.',
      }),
    )
    expect(d).toMatchObject({ days: 5, daysFrom: 'padrao', lastDay: '2025-03-27' })
  })

  it('the Fazenda Pública intimated by name has the period doubled (CPC art. 183); otherwise "confira"', () => {
    const text =
      'Intime-se a Fazenda Pública do Estado de São Paulo para, no prazo de 15 dias, apresentar contrarrazões.'
    expect(computeDeadline(intimation({ availableOn: '2025-06-02', text }))).toMatchObject({
      doubled: 'sim',
      days: 30,
      lastDay: '2025-07-17',
    })
    expect(computeDeadline(intimation({}))?.doubled).toBe('confira')
  })

  it('a lawyer’s correction is counted and marked', () => {
    const d = computeDeadline(intimation({ override: { days: 5 } }))
    // 08 (1), 09 feriado SP, 10, 11, 14, 15 (5)
    expect(d).toMatchObject({ days: 5, daysFrom: 'correcao', corrected: true, lastDay: '2025-07-15' })
  })

  it('an unusable correction is ignored and a malformed date gives no deadline (never a wrong one)', () => {
    expect(computeDeadline(intimation({ override: { days: -3 } }))).toMatchObject({
      days: 15,
      daysFrom: 'texto',
    })
    expect(computeDeadline(intimation({ override: { days: 2.5 } }))?.days).toBe(15)
    expect(computeDeadline(intimation({ availableOn: '2025-02-30' }))).toBeNull()
    expect(computeDeadline(intimation({ availableOn: '29/09/2025' }))).toBeNull()
  })

  it('a cancelled communication and a pauta have no deadline', () => {
    expect(computeDeadline(intimation({ active: false }))).toBeNull()
    expect(computeDeadline(intimation({ communicationType: 'Pauta de julgamento' }))).toBeNull()
  })
})

describe('the labelled sets of issue 41 (npm run bench:prazos)', () => {
  it('match every hand-worked last day, development and held out', () => {
    expect(scoreDeadlineCases(DEVELOPMENT_DEADLINE_CASES).misses).toEqual([])
    expect(scoreDeadlineCases(HELDOUT_DEADLINE_CASES).misses).toEqual([])
    expect(DEVELOPMENT_DEADLINE_CASES.length).toBeGreaterThanOrEqual(60)
    expect(HELDOUT_DEADLINE_CASES.length).toBeGreaterThanOrEqual(20)
  })
})
