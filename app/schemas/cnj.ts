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
