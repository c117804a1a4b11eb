/**
 * What a search must not be counted as: anything that identifies a person or a case. Counting is
 * anonymous, but a counted term can become a suggestion shown to everyone (decisions/0013).
 */

/** Law numbers ("8.078/1990", "13105/15") and dates ("12/05/2023") are public, not personal. */
const LAW_NUMBER = /^(?:\d{1,3}(?:\.\d{3})?|\d{1,6})\/(?:19|20)?\d{2}$/
const DATE = /^\d{1,2}\/\d{1,2}\/(?:19|20)?\d{2}$/
/** A run of digits with the separators masks use: CNJ, CPF, CNPJ, phone, CEP. */
const DIGIT_RUN = /\d[\d\s.\-/()]*\d/g
const MAX_DIGITS_IN_RUN = 7

/** True for e-mail addresses, CNJ numbers, CPF/CNPJ and phone numbers, masked or not. */
export function looksPersonal(raw: string): boolean {
  if (raw.includes('@')) return true
  for (const match of raw.matchAll(DIGIT_RUN)) {
    const run = match[0].trim()
    const digits = run.replace(/\D/g, '').length
    if (digits <= MAX_DIGITS_IN_RUN || LAW_NUMBER.test(run) || DATE.test(run)) continue
    return true
  }
  return false
}

/**
 * The display form of a search term: search syntax (quotes, brackets, operators) dropped, spaces
 * collapsed. Letters, digits and the punctuation of names and law numbers stay.
 */
export function tidySearchTerm(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\s.,'’&/-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s.,'’&/-]+|[\s.,'’&/-]+$/g, '')
}
