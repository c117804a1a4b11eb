import { t } from '~/i18n/pt-BR'
import { compareDates, parseDisplayDate, parseIsoDate, todayInBrazil } from '~/lib/dates'
import { z } from '~/schemas/zod'
import { text } from './text'
import { UFS } from './ufs'

export { isCleanText, longText, text, withoutForbidden } from './text'

/**
 * One schema per field, reused by every form that has it (signup, complete signup, login, edit
 * profile, passwords, messages, phones), so a rule changes in one place for all of them.
 */
export const requiredText = (message: string) => text(message).trim().min(1, message)

/** E-mail, lower-cased; forms whose spec wording differs pass their own "required" message. */
export const emailField = (required: string = t('field.emailRequired')) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, t('field.emailInvalid'))
    .pipe(z.email(t('field.emailInvalid')))

/** The current password: only required (its length rules applied when it was chosen). */
export const passwordField = z
  .string({ error: t('field.passwordRequired') })
  .min(1, t('field.passwordRequired'))
  .max(200, t('field.passwordMax'))

/** A password being chosen (signup, change, reset). */
export const newPasswordField = (required = t('field.passwordRequired')) =>
  z
    .string({ error: required })
    .min(1, required)
    .min(6, t('field.passwordMin'))
    .max(200, t('field.passwordMax'))

export const SUBDOMAIN_MAX = 30
export const subdomainField = requiredText(t('field.subdomainRequired'))
  .regex(/^[A-Za-z0-9]+$/, t('field.subdomainChars'))
  .max(SUBDOMAIN_MAX, t('field.subdomainMax', { n: SUBDOMAIN_MAX }))
  .transform((value) => value.toLowerCase())

export const nameField = requiredText(t('field.nameRequired')).pipe(z.string().max(120, t('field.nameMax')))

/** dd/mm/yyyy (the one parser: app/lib/dates.ts), a real day, not before 1900 nor in the future. */
export function isValidBirthDate(text: string, now = new Date()): boolean {
  const date = parseDisplayDate(text, 'dd/mm/yyyy')
  return !!date && date.year >= 1900 && compareDates(date, todayInBrazil(now)) <= 0
}

/** Birth date as typed (dd/mm/yyyy); `optional` accepts an empty field (edit profile, spec §5). */
export const birthDateField = ({ optional = false } = {}) =>
  z
    .string({ error: t('field.dateInvalid') })
    .trim()
    .refine((value) => (optional && value === '') || isValidBirthDate(value), t('field.dateInvalid'))

/** Phone digits: DDD plus 8 or 9 digits (spec §5 mask). */
export const phoneDigits = (value: string) => value.replace(/\D/g, '')

/** The DDDs (area codes) Anatel assigns: 11–99 less the unassigned ones (20, 23, 25, 26, …). */
const DDDS = new Set(
  [
    '11-19',
    '21 22 24 27 28',
    '31-35 37 38',
    '41-49',
    '51 53 54 55',
    '61-69',
    '71 73 74 75 77 79',
    '81-89',
    '91-99',
  ]
    .join(' ')
    .split(' ')
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number) as [number, number?]
      return Array.from({ length: to - from + 1 }, (_, i) => from + i)
    }),
)

/**
 * A Brazilian phone: a valid DDD, then a mobile (9 and 8 digits: 11 in all) or a landline (8
 * digits starting 2–5: 10 in all). "(11) 99" is not a phone.
 */
export const isValidPhone = (value: string) => {
  const digits = phoneDigits(value)
  if (!DDDS.has(Number(digits.slice(0, 2)))) return false
  if (digits.length === 11) return digits[2] === '9'
  return digits.length === 10 && /[2-5]/.test(digits[2] ?? '')
}

/**
 * Every phone a person types (a visitor's message, a profile's phones), one rule for all:
 * `required` is the form's own "required" message; without it an empty field is accepted.
 */
export const phoneField = (required?: string) => {
  const typed = text(required ?? t('field.phoneInvalid'))
    .trim()
    .max(30, t('field.phoneInvalid'))
  return (required ? typed.min(1, required) : typed).refine(
    (value) => value === '' || isValidPhone(value),
    t('field.phoneInvalid'),
  )
}

/**
 * A state (UF) of the list, any case (`sp` is SP): the monitoring form's select and the open API's
 * `uf` refuse the same values with the same message (issue 38).
 */
export const ufField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(UFS, { error: () => t('field.ufInvalid') }),
)

/**
 * A day as yyyy-mm-dd (a URL's date filter), a real one: 2023-02-31 is refused with the message
 * the search's date field gives a typed impossible date (app/domain/search/filters.ts).
 */
export const isoDateField = text(t('field.dateInvalid')).refine(
  (value) => parseIsoDate(value) !== null,
  t('field.dateInvalid'),
)
