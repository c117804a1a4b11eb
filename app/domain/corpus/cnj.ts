import { DomainError } from '~/domain/errors'

/**
 * CNJ lawsuit numbers (Resolução CNJ 65/2008): NNNNNNN-DD.AAAA.J.TR.OOOO, where DD are check
 * digits by ISO 7064 mod 97-10: DD = 98 - ((NNNNNNN AAAA J TR OOOO 00) mod 97).
 */
export type CnjParts = {
  sequence: string
  check: string
  year: string
  segment: string
  court: string
  origin: string
}

const DIGITS = /^\d{20}$/

/** mod 97 of a long digit string, in chunks (the number is far above 2^53). */
function mod97(digits: string): number {
  let remainder = 0
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97
  return remainder
}

export function cnjCheckDigits(
  sequence: string,
  year: string,
  segment: string,
  court: string,
  origin: string,
): string {
  const value = 98 - mod97(`${sequence}${year}${segment}${court}${origin}00`)
  return String(value).padStart(2, '0')
}

export function splitCnj(digits: string): CnjParts {
  return {
    sequence: digits.slice(0, 7),
    check: digits.slice(7, 9),
    year: digits.slice(9, 13),
    segment: digits.slice(13, 14),
    court: digits.slice(14, 16),
    origin: digits.slice(16, 20),
  }
}

/** True when `input` (masked or not) is a CNJ number with correct check digits. */
export function isValidCnj(input: string): boolean {
  const digits = input.replace(/[\s.-]/g, '')
  if (!DIGITS.test(digits)) return false
  const p = splitCnj(digits)
  return p.check === cnjCheckDigits(p.sequence, p.year, p.segment, p.court, p.origin)
}

/** The 20 digits of a valid CNJ number; a clear Portuguese error otherwise. */
export function parseCnj(input: string): string {
  const digits = input.replace(/[\s.-]/g, '')
  if (!isValidCnj(digits)) throw new DomainError('cnj.invalid', 422)
  return digits
}

export function formatCnj(digits: string): string {
  const p = splitCnj(digits)
  return `${p.sequence}-${p.check}.${p.year}.${p.segment}.${p.court}.${p.origin}`
}

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
