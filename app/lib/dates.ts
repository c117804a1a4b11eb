/**
 * Dates as the product shows and sends them (spec §2, §5): shown as dd/mm/yyyy (or mm/dd/yyyy,
 * the generic form helper's default), sent as yyyy-mm-dd. Pure; calendar dates, no time zones.
 * How a date or an instant is shown is format.ts's (kept apart: a page that shows a date
 * need not load the calendar).
 */
export type DateFormat = 'dd/mm/yyyy' | 'mm/dd/yyyy'

/** Spec §5, §9: the generic form helper's default; birth dates and list filters pass dd/mm/yyyy. */
export const FORM_HELPER_DATE_FORMAT: DateFormat = 'mm/dd/yyyy'
export type CalendarDate = { year: number; month: number; day: number } // month 1-12

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export function isValidDate({ year, month, day }: CalendarDate): boolean {
  return (
    year >= 1000 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  )
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0')

/** "31/12/2024" → {2024, 12, 31}; null when incomplete or impossible (31/02). */
export function parseDisplayDate(text: string, format: DateFormat = 'dd/mm/yyyy'): CalendarDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim())
  if (!match) return null
  const [a, b, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = format === 'dd/mm/yyyy' ? { year, month: b, day: a } : { year, month: a, day: b }
  return isValidDate(date) ? date : null
}

export function formatDisplayDate(date: CalendarDate, format: DateFormat = 'dd/mm/yyyy'): string {
  const [first, second] = format === 'dd/mm/yyyy' ? [date.day, date.month] : [date.month, date.day]
  return `${pad(first)}/${pad(second)}/${pad(date.year, 4)}`
}

/** "2024-12-31" ↔ CalendarDate: what goes in the URL and in request bodies. */
export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`
}

export function parseIsoDate(text: string | null | undefined): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '')
  if (!match) return null
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  return isValidDate(date) ? date : null
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}

/** Today in Brazil's civil calendar (Brasília time), whatever the machine's zone. */
export function todayInBrazil(now: Date = new Date()): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { year: get('year'), month: get('month'), day: get('day') }
}

/** Today in Brazil as yyyy-mm-dd. */
export function todayIso(now: Date = new Date()): string {
  return toIsoDate(todayInBrazil(now))
}

export function addMonths({ year, month }: { year: number; month: number }, delta: number) {
  const index = year * 12 + (month - 1) + delta
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/** The weeks of a month for a calendar grid, Sunday first; null pads days of other months. */
export function monthGrid(year: number, month: number): (CalendarDate | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
  const cells: (CalendarDate | null)[] = Array.from({ length: firstWeekday }, () => null)
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push({ year, month, day })
  while (cells.length % 7) cells.push(null)
  const weeks: (CalendarDate | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const
export const WEEKDAY_SHORT = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const
export const WEEKDAY_LONG = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const
