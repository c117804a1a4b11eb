import { DomainError } from '~/domain/errors'
import { cnjCheckDigits, isValidCnj, splitCnj } from '~/schemas/cnj'

// The number's rule (check digits, validity) sits below in app/schemas/cnj.ts, where the browser's
// monitoring form checks it too; the corpus's helpers build on it and re-export it.
export { type CnjParts, cnjCheckDigits, isValidCnj, splitCnj } from '~/schemas/cnj'

/** The 20 digits of a valid CNJ number; a clear Portuguese error otherwise. */
export function parseCnj(input: string): string {
  const digits = input.replace(/[\s.-]/g, '')
  if (!isValidCnj(digits)) throw new DomainError('cnj.invalid', 422)
  return digits
}

export { formatCnj } from '~/lib/cnj'

/** Builds a valid number from its parts (the generator and tests use it). */
export function buildCnj(
  sequence: number,
  year: number,
  segment: number,
  court: number,
  origin: number,
): string {
  const s = String(sequence).padStart(7, '0')
  const y = String(year).padStart(4, '0')
  const j = String(segment)
  const tr = String(court).padStart(2, '0')
  const o = String(origin).padStart(4, '0')
  return `${s}${cnjCheckDigits(s, y, j, tr, o)}${y}${j}${tr}${o}`
}

/** State courts (segment 8) by TR code. */
export const STATE_COURTS: Record<string, string> = {
  '01': 'TJAC',
  '02': 'TJAL',
  '03': 'TJAP',
  '04': 'TJAM',
  '05': 'TJBA',
  '06': 'TJCE',
  '07': 'TJDFT',
  '08': 'TJES',
  '09': 'TJGO',
  '10': 'TJMA',
  '11': 'TJMT',
  '12': 'TJMS',
  '13': 'TJMG',
  '14': 'TJPA',
  '15': 'TJPB',
  '16': 'TJPR',
  '17': 'TJPE',
  '18': 'TJPI',
  '19': 'TJRJ',
  '20': 'TJRN',
  '21': 'TJRS',
  '22': 'TJRO',
  '23': 'TJRR',
  '24': 'TJSC',
  '25': 'TJSE',
  '26': 'TJSP',
  '27': 'TJTO',
}

/** The court a number belongs to, from its J.TR segments (null when not a court we name). */
export function courtOf(digits: string): string | null {
  const { segment, court } = splitCnj(digits)
  if (segment === '8') return STATE_COURTS[court] ?? null
  if (segment === '5') return court === '00' ? 'TST' : `TRT${Number(court)}`
  if (segment === '4') return court === '90' ? 'CJF' : `TRF${Number(court)}`
  if (segment === '3') return 'STJ'
  if (segment === '1') return 'STF'
  if (segment === '6')
    return court === '00'
      ? 'TSE'
      : `TRE-${
          Object.entries(STATE_COURTS)
            .find(([k]) => k === court)?.[1]
            ?.slice(2) ?? court
        }`
  return null
}
