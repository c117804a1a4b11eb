import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { formatCountdown, parseCountdown } from '~/lib/countdown'
import {
  compareDates,
  formatDisplayDate,
  monthGrid,
  parseDisplayDate,
  parseIsoDate,
  todayInBrazil,
  toIsoDate,
} from '~/lib/dates'
import { formatDate, formatDateTime, formatInstant } from '~/lib/format'
import { nextHeaderHidden } from '~/lib/header-scroll'
import { applyMask, formatPhone, phoneMaskFor } from '~/lib/masks'
import { gazettePath, lawsuitPath, statutePath } from '~/lib/paths'
import { labelText, renderSafeLabel } from '~/lib/safe-label'

describe('dates (spec §2, §5)', () => {
  it('reads dd/mm/yyyy and sends yyyy-mm-dd', () => {
    const date = parseDisplayDate('31/12/2024')
    expect(date).toEqual({ year: 2024, month: 12, day: 31 })
    expect(date && toIsoDate(date)).toBe('2024-12-31')
  })
  it('reads the form helper default mm/dd/yyyy', () => {
    expect(parseDisplayDate('12/31/2024', 'mm/dd/yyyy')).toEqual({ year: 2024, month: 12, day: 31 })
    expect(formatDisplayDate({ year: 2024, month: 2, day: 3 }, 'mm/dd/yyyy')).toBe('02/03/2024')
  })
  it.each(['31/02/2024', '29/02/2023', '00/01/2024', '12/13/2024', '1/1/2024', '', 'abc'])(
    'refuses %s',
    (text) => {
      expect(parseDisplayDate(text)).toBeNull()
    },
  )
  it('accepts 29/02 in a leap year', () => {
    expect(parseDisplayDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 })
  })
  it('round-trips ISO dates and refuses impossible ones', () => {
    expect(parseIsoDate('2026-11-21')).toEqual({ year: 2026, month: 11, day: 21 })
    expect(parseIsoDate('2026-02-30')).toBeNull()
    expect(parseIsoDate(null)).toBeNull()
  })
  it("takes today in Brasília's calendar, not UTC's", () => {
    // 02:00 UTC on the 22nd is still 23:00 on the 21st in Brasília (UTC-3).
    expect(todayInBrazil(new Date('2026-11-22T02:00:00Z'))).toEqual({ year: 2026, month: 11, day: 21 })
  })
  it('lays a month out in Sunday-first weeks', () => {
    const weeks = monthGrid(2026, 11) // 1 Nov 2026 is a Sunday
    expect(weeks[0]?.[0]).toEqual({ year: 2026, month: 11, day: 1 })
    expect(weeks.flat().filter(Boolean)).toHaveLength(30)
    expect(weeks.every((week) => week.length === 7)).toBe(true)
  })
  it("shows an instant in Brasília time in each of the site's styles (one module makes them all)", () => {
    // 02:05 UTC on 22 Nov 2026 is 23:05 on the 21st in Brasília.
    const at = Date.parse('2026-11-22T02:05:00Z')
    expect(formatInstant(at)).toBe('21/11/2026, 23:05')
    expect(formatInstant(at, 'date')).toBe('21/11/2026')
    expect(formatInstant(new Date(at), 'time')).toBe('23:05')
    expect(formatInstant(at, 'dayMonth')).toBe('21/11')
    expect(formatInstant(at, 'long')).toBe('21 de novembro de 2026')
    expect(formatInstant(at, 'medium')).toBe('21 de nov. de 2026')
    expect(formatDateTime('2026-11-22T02:05:00Z')).toBe(formatInstant(at))
    expect(formatDate('2026-11-22')).toBe('22/11/2026')
  })
  it('orders dates', () => {
    expect(
      compareDates({ year: 2026, month: 1, day: 2 }, { year: 2025, month: 12, day: 31 }),
    ).toBeGreaterThan(0)
  })
})

describe('entity paths, spelled once (issue 38)', () => {
  it('writes a lawsuit page the same from its digits or its written number', () => {
    expect(lawsuitPath('09199921120238190001')).toBe('/processos/0919992-11.2023.8.19.0001')
    expect(lawsuitPath('0919992-11.2023.8.19.0001')).toBe('/processos/0919992-11.2023.8.19.0001')
  })
  it('adds a provision, an edition and a section only when given', () => {
    expect(statutePath('constituicao-federal-1988')).toBe('/legislacao/constituicao-federal-1988')
    expect(statutePath('cf', 'art5_inc3')).toBe('/legislacao/cf#art5_inc3')
    expect(gazettePath('dou')).toBe('/diarios/dou')
    expect(gazettePath('dou', { date: '2023-05-12', section: null })).toBe('/diarios/dou?data=2023-05-12')
    expect(gazettePath('dou', { date: '2023-05-12', section: 'do1' })).toBe(
      '/diarios/dou?data=2023-05-12&caderno=do1',
    )
  })
})

describe('countdown (spec §4)', () => {
  it('formats HH:MM:SS and never goes below zero', () => {
    expect(formatCountdown(3725)).toBe('01:02:05')
    expect(formatCountdown(0)).toBe('00:00:00')
    expect(formatCountdown(-5)).toBe('00:00:00')
    expect(formatCountdown(100 * 3600)).toBe('100:00:00')
  })
  it('parses what it formats', () => {
    expect(parseCountdown('01:02:05')).toBe(3725)
    expect(parseCountdown('1:2:3')).toBeNull()
  })
})

describe('masks (spec §5)', () => {
  it('switches the phone mask past 14 characters', () => {
    expect(phoneMaskFor('(11) 3456-7890')).toBe('(00) 0000-00009')
    expect(phoneMaskFor('(11) 93456-7890')).toBe('(00) 00000-0000')
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890')
    expect(formatPhone('11934567890')).toBe('(11) 93456-7890')
  })
  it('applies CPF and date masks', () => {
    expect(applyMask('000.000.000-00', '12345678901')).toBe('123.456.789-01')
    expect(applyMask('00/00/0000', '21112026')).toBe('21/11/2026')
    expect(applyMask('00/00/0000', '211')).toBe('21/1')
  })
})

describe('header hide on scroll (spec §9)', () => {
  it('hides only past 65 px, on moves over 5 px', () => {
    expect(nextHeaderHidden(false, 0, 60)).toBe(false) // not past 65 px
    expect(nextHeaderHidden(false, 60, 70)).toBe(true)
    expect(nextHeaderHidden(false, 100, 105)).toBe(false) // 5 px is not enough
    expect(nextHeaderHidden(false, 100, 106)).toBe(true)
  })
  it('shows again on a scroll up', () => {
    expect(nextHeaderHidden(true, 500, 490)).toBe(false)
    expect(nextHeaderHidden(true, 500, 497)).toBe(true) // within the delta
  })
})

describe('autocomplete labels (spec §3)', () => {
  it('keeps a span, escapes everything else', () => {
    const html = renderToStaticMarkup(renderSafeLabel('São Paulo <span class="muted">SP</span>'))
    expect(html).toBe('São Paulo <span class="muted">SP</span>')
    const hostile = renderToStaticMarkup(renderSafeLabel('<img src=x onerror=alert(1)><script>x</script>'))
    expect(hostile).not.toContain('<img')
    expect(hostile).not.toContain('<script')
    expect(hostile).toContain('&lt;img')
  })
  it('drops attributes other than class', () => {
    const html = renderToStaticMarkup(renderSafeLabel('<span onclick="x()">A</span>'))
    expect(html).not.toContain('onclick="x()"')
  })
  it('gives the plain text of a label', () => {
    expect(labelText('Natal <span class="muted">RN</span>')).toBe('Natal RN')
  })
})
