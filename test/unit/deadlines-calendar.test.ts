import { describe, expect, it } from 'vitest'
import { easterSunday, makeCalendar } from '~/domain/deadlines/calendar'
import { courtCalendar } from '~/domain/deadlines/courts'

// Easter dates from the Church's tables; the moveable court holidays hang on them.
describe('Easter and the days counted from it', () => {
  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter %i is %s', (year, date) => {
    expect(easterSunday(year)).toBe(date)
  })

  it('closes every court on Carnival Monday and Tuesday, Good Friday and Corpus Christi', () => {
    const tjsp = makeCalendar(courtCalendar('TJSP', 'Vara Cível de Campinas'))
    for (const day of ['2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19', '2026-02-16', '2026-06-04'])
      expect(tjsp.noBusiness(day)?.reason, day).toBe('holiday')
    expect(tjsp.noBusiness('2025-03-05')).toBeNull()
    expect(tjsp.lateStart('2025-03-05')).toBe(true)
  })
})

describe('each court keeps its calendar', () => {
  it('a state court: national and state holidays, not the Justiça Federal’s', () => {
    const tjsp = makeCalendar(courtCalendar('TJSP', '1ª Vara Cível de Santos'))
    expect(tjsp.noBusiness('2025-07-09')?.name).toBe('Revolução Constitucionalista')
    expect(tjsp.noBusiness('2025-11-20')?.basis).toBe('Lei 14.759/2023')
    for (const day of ['2025-04-16', '2025-04-17', '2025-08-11']) expect(tjsp.noBusiness(day), day).toBeNull()
    // 8 December, Dia da Justiça: no court business in any court (Lei 1.408/1951 art. 5º).
    expect(tjsp.noBusiness('2025-12-08')?.basis).toMatch(/^Lei 1\.408\/1951 art\. 5º/)
  })

  it('20 November is a national holiday only from 2024 (Lei 14.759/2023)', () => {
    const tjsc = makeCalendar(courtCalendar('TJSC', 'Vara Cível de Lages'))
    expect(tjsc.noBusiness('2023-11-20')).toBeNull()
    expect(tjsc.noBusiness('2024-11-20')?.reason).toBe('holiday')
  })

  it('the Justiça Federal: Holy Week from Wednesday, 11 August, 1 November, 8 December (Lei 5.010/1966 art. 62)', () => {
    const trf3 = makeCalendar(courtCalendar('TRF3', '1ª Vara Federal de Campinas'))
    for (const day of ['2025-04-16', '2025-04-17', '2025-04-18', '2025-08-11', '2025-12-08'])
      expect(trf3.noBusiness(day)?.reason, day).toBe('holiday')
    expect(trf3.noBusiness('2025-04-16')?.basis).toBe('Lei 5.010/1966 art. 62 II')
  })

  it('the recesso forense (20 Dec – 6 Jan) has no court business; 7–20 Jan does', () => {
    const tjmg = makeCalendar(courtCalendar('TJMG', 'Vara Cível de Uberaba'))
    expect(tjmg.noBusiness('2025-12-22')?.reason).toBe('recess')
    expect(tjmg.noBusiness('2026-01-06')?.reason).toBe('recess')
    expect(tjmg.noBusiness('2026-01-07')).toBeNull()
  })

  it('the capital’s municipal holidays apply only where the seat is known to be the capital', () => {
    expect(
      makeCalendar(courtCalendar('TJRJ', '5ª Vara Cível da Comarca da Capital')).noBusiness('2025-01-20')
        ?.name,
    ).toBe('São Sebastião')
    expect(
      makeCalendar(courtCalendar('TJRJ', 'Vara Cível de Petrópolis')).noBusiness('2025-01-20'),
    ).toBeNull()
    // A TJ's chamber sits in the capital.
    expect(courtCalendar('TJPR', '7ª Câmara Cível').capital).toBe(true)
  })

  it('maps every kind of court DataJud serves', () => {
    expect(courtCalendar('TJDFT')).toMatchObject({ branch: 'estadual', state: 'DF' })
    expect(courtCalendar('TJMSP')).toMatchObject({ branch: 'estadual', state: 'SP' })
    expect(courtCalendar('TRE-SP')).toMatchObject({ branch: 'eleitoral', state: 'SP' })
    expect(courtCalendar('TRT15', 'Vara do Trabalho de Jundiaí')).toMatchObject({
      branch: 'trabalho',
      state: 'SP',
      capital: false,
    })
    expect(courtCalendar('TRT8', 'Vara do Trabalho de Macapá')).toMatchObject({ state: null })
    expect(courtCalendar('TRF5', '1ª Turma Recursal da Seção Judiciária de Pernambuco')).toMatchObject({
      branch: 'federal',
      state: 'PE',
    })
    expect(courtCalendar('TRF4', '1ª Vara Federal de Joinville')).toMatchObject({ state: null })
    expect(courtCalendar('TRF6', 'Gabinete do Desembargador Federal')).toMatchObject({
      state: 'MG',
      capital: true,
    })
    for (const court of ['STF', 'STJ', 'TST', 'TSE', 'STM'])
      expect(courtCalendar(court)).toMatchObject({ branch: 'superior', state: 'DF' })
    expect(courtCalendar('XYZ').branch).toBe('desconhecido')
  })

  it('every court DataJud serves has a calendar (27 TJs, 3 TJMs, 6 TRFs, 24 TRTs, 27 TREs, the superior courts)', () => {
    const ufs = 'AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO'.split(' ')
    const courts = [
      ...ufs.map((uf) => (uf === 'DF' ? 'TJDFT' : `TJ${uf}`)),
      'TJMMG',
      'TJMRS',
      'TJMSP',
      ...[1, 2, 3, 4, 5, 6].map((n) => `TRF${n}`),
      ...Array.from({ length: 24 }, (_, i) => `TRT${i + 1}`),
      ...ufs.map((uf) => `TRE-${uf}`),
      'STJ',
      'TST',
      'TSE',
      'STM',
    ]
    expect(courts).toHaveLength(27 + 3 + 6 + 24 + 27 + 4)
    for (const court of courts) expect(courtCalendar(court).branch, court).not.toBe('desconhecido')
  })

  it('a suspension a reviewer declared closes the court on its days, with its source', () => {
    const cal = makeCalendar(courtCalendar('TJRS', 'Vara Cível de Canoas'), [
      {
        court: 'TJRS',
        from: '2024-05-06',
        to: '2024-05-10',
        reason: 'Enchentes',
        source: 'Ato TJRS 12/2024',
      },
      { court: 'TJSP', from: '2024-05-13', to: '2024-05-13', reason: 'Outro tribunal', source: 'x' },
    ])
    expect(cal.noBusiness('2024-05-08')).toEqual({
      reason: 'suspension',
      name: 'Enchentes',
      basis: 'Ato TJRS 12/2024',
    })
    expect(cal.noBusiness('2024-05-13')).toBeNull()
  })
})
