import { t } from '~/i18n/pt-BR'

// How values are shown. Every date the site shows is made here (issue 38, decisions/0095): a
// calendar date as dd/mm/yyyy, an instant (a row's `created_at`) in Brasília time in one of a few
// styles. Apart from dates.ts, the calendar the date picker needs, so a page that only shows a date
// does not load it.

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

export function formatCnpjDigits(digits: string): string {
  return digits.length === 14
    ? `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`
    : digits
}

const DEGREES = ['G1', 'G2', 'JE', 'TR', 'TRU', 'TNU', 'SUP'] as const

/**
 * DataJud's grau codes as people say them: G1 → "1º grau", JE → "Juizado Especial". A code the
 * list does not know is shown as it came, never hidden.
 */
export function degreeLabel(code: string | null | undefined): string {
  const value = code?.trim().toUpperCase() ?? ''
  return (DEGREES as readonly string[]).includes(value)
    ? t(`lawsuit.degree.${value as (typeof DEGREES)[number]}`)
    : (code ?? '')
}

export const POLE_LABEL = {
  ativo: 'Polo ativo',
  passivo: 'Polo passivo',
  outros: 'Outros participantes',
} as const
