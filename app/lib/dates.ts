/**
 * Dates as the product shows and sends them (spec §2, §5): shown as dd/mm/yyyy (or mm/dd/yyyy,
 * the generic form helper's default), sent as yyyy-mm-dd. Calendar dates carry no time zone; an
 * instant (a row's `created_at`) is shown in Brasília time by `formatInstant`, the one place the
 * site's date formats are made.
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

/** yyyy-mm-dd (or an ISO date-time) → dd/mm/yyyy, as Brazilians read dates; '' when not a date. */
export function formatDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

/** The ways an instant is shown (pt-BR, Brasília time), e.g. for 26 Nov 2026 at 14:32. */
const INSTANT_STYLES = {
  /** 26/11/2026 */
  date: { dateStyle: 'short' },
  /** 26/11/2026 14:32 */
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  /** 14:32 */
  time: { timeStyle: 'short' },
  /** 26/11 */
  dayMonth: { day: '2-digit', month: '2-digit' },
  /** 26 de nov. de 2026 */
  medium: { dateStyle: 'medium' },
  /** 26 de novembro de 2026 */
  long: { dateStyle: 'long' },
} satisfies Record<string, Intl.DateTimeFormatOptions>
export type InstantStyle = keyof typeof INSTANT_STYLES

// Building a formatter costs far more than using one: each style is made once, when first asked.
const formatters = new Map<InstantStyle, Intl.DateTimeFormat>()

/** An instant (epoch ms or Date) as a person in Brazil reads it, whatever the machine's zone. */
export function formatInstant(at: number | Date, style: InstantStyle = 'dateTime'): string {
  let formatter = formatters.get(style)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('pt-BR', { ...INSTANT_STYLES[style], timeZone: 'America/Sao_Paulo' })
    formatters.set(style, formatter)
  }
  return formatter.format(at)
}

/** An ISO date-time in Brasília time ("10/11/2021 13:26"); a bare date as dd/mm/yyyy. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const time = Date.parse(iso)
  return Number.isNaN(time) ? formatDate(iso) : formatInstant(time)
}
