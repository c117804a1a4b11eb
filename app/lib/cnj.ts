/**
 * A CNJ number's 20 digits as people write it: NNNNNNN-DD.AAAA.J.TR.OOOO (CNJ Resolution 65). Its
 * rule (check digits, validity) is app/schemas/cnj.ts's; this is only the spelling, low enough for
 * the site's paths (paths.ts) to use it.
 */
export function formatCnj(digits: string): string {
  return `${digits.slice(0, 7)}-${digits.slice(7, 9)}.${digits.slice(9, 13)}.${digits.slice(13, 14)}.${digits.slice(14, 16)}.${digits.slice(16, 20)}`
}
