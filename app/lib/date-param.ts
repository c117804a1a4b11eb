import { formatDisplayDate, parseDisplayDate, parseIsoDate, toIsoDate } from './dates'

/** Why a date from a URL was refused: impossible (31/02, "abc") or after today (spec §2). */
export type DateProblem = 'invalid' | 'future'

export type DateParam = {
  /** The date to use, yyyy-mm-dd; null when absent or refused. */
  iso: string | null
  /** What to show back in the field when refused (dd/mm/yyyy), so the user sees what was read. */
  text: string
  problem: DateProblem | null
  /** Whether the refused value came from the typed field (`{name}_texto`) rather than the URL. */
  typed: boolean
}

/**
 * Reads a date filter: the typed dd/mm/yyyy field `{name}_texto` (sent by forms before
 * JavaScript) wins over the yyyy-mm-dd `{name}`. A future date is refused, never clamped or
 * replaced: the page must say so instead of showing some other date.
 */
export function readDateParam(params: URLSearchParams, name: string, today: string): DateParam {
  const typedText = params.get(`${name}_texto`)?.trim() ?? ''
  const isoText = params.get(name)?.trim() ?? ''
  const typed = typedText !== ''
  const date = typed ? parseDisplayDate(typedText, 'dd/mm/yyyy') : parseIsoDate(isoText)
  if (!typed && !isoText) return { iso: null, text: '', problem: null, typed }
  if (!date) return { iso: null, text: typed ? typedText : isoText, problem: 'invalid', typed }
  const iso = toIsoDate(date)
  if (iso > today) return { iso: null, text: formatDisplayDate(date), problem: 'future', typed }
  return { iso, text: formatDisplayDate(date), problem: null, typed }
}
