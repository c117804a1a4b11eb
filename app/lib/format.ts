import { t } from '~/i18n/pt-BR'

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
