/**
 * Input masks (spec §5): 0 is a required digit, 9 an optional one. The phone mask switches to
 * the 9-digit form when the value is longer than 14 characters.
 */
export const PHONE_MASK_SHORT = '(00) 0000-00009'
export const PHONE_MASK_LONG = '(00) 00000-0000'
export const CPF_MASK = '000.000.000-00'
export const DATE_MASK = '00/00/0000'

/** Which phone mask applies to a value typed so far (digits only or already masked). */
export function phoneMaskFor(value: string): string {
  return value.length > 14 ? PHONE_MASK_LONG : PHONE_MASK_SHORT
}

/** Formats digits with a 0/9 mask; stops at the first missing digit. */
export function applyMask(mask: string, digits: string): string {
  let out = ''
  let i = 0
  for (const ch of mask) {
    if (ch === '0' || ch === '9') {
      if (i >= digits.length) break
      out += digits[i++]
    } else {
      if (i >= digits.length) break
      out += ch
    }
  }
  return out
}

/** The product's phone formatting: (11) 3456-7890 or (11) 93456-7890. */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 11)
  return applyMask(digits.length > 10 ? PHONE_MASK_LONG : PHONE_MASK_SHORT, digits)
}
