import { z } from 'zod'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'

/**
 * The Portuguese message of any issue a schema did not give its own (decisions/0050): zod's
 * default map is English ("Too small: expected number to be >0"), and whatever a schema forgets
 * reaches a person through the 422. Short and plain, like the field messages; the numbers come
 * from the issue. The messages are inlined in the browser build (decisions/0038), so this costs
 * the browser a few hundred bytes, not zod's locale bundle.
 */
function portugueseMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? t('field.required') : t('field.invalid')
    case 'too_small': {
      const n = Number(issue.minimum)
      if (issue.origin === 'string')
        return n <= 1 ? t('field.required') : t('field.tooShort', { n: issue.inclusive ? n : n + 1 })
      if (issue.origin === 'array' || issue.origin === 'set')
        return n <= 1 ? t('field.listEmpty') : t('field.listTooShort', { n })
      return t(issue.inclusive ? 'field.numberAtLeast' : 'field.numberAbove', { n })
    }
    case 'too_big': {
      const n = Number(issue.maximum)
      if (issue.origin === 'string') {
        const most = issue.inclusive ? n : n - 1
        return plural(most, t('field.tooLong.one'), t('field.tooLong.many', { n: most }))
      }
      if (issue.origin === 'array' || issue.origin === 'set' || issue.origin === 'map')
        return plural(n, t('field.listTooLong.one'), t('field.listTooLong.many', { n }))
      return t(issue.inclusive ? 'field.numberAtMost' : 'field.numberBelow', { n })
    }
    case 'invalid_format':
      return issue.format === 'email' ? t('field.emailInvalid') : t('field.invalid')
    case 'invalid_value':
      return t('field.choose')
    case 'unrecognized_keys':
      return t('field.unknown')
    default:
      return t('field.invalid')
  }
}

/**
 * zod for the whole app, configured once before any schema exists. `jitless`: zod 4 otherwise
 * probes `new Function` to compile object parsers, and under our CSP (no 'unsafe-eval') the
 * browser reports that probe as a violation even though zod catches it (Lighthouse's best
 * practices fail on it). Workers forbid eval too, so nothing is lost on the server either.
 * `customError`: every message in Portuguese (above).
 */
z.config({ jitless: true, customError: portugueseMessage })

export { z }
