import { t } from '~/i18n/pt-BR'

/** yyyy-mm-dd (or an ISO date-time) → dd/mm/yyyy, as Brazilians read dates. */
export function formatDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** An ISO date-time in Brasília time: "10/11/2021 13:26". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return ''
  const time = Date.parse(iso)
  return Number.isNaN(time) ? formatDate(iso) : dateTime.format(time)
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
