import { useEffect, useId, useRef, useState } from 'react'
import { t } from '~/i18n/pt-BR'
import {
  addMonths,
  type CalendarDate,
  compareDates,
  type DateFormat,
  FORM_HELPER_DATE_FORMAT,
  formatDisplayDate,
  MONTH_NAMES,
  monthGrid,
  parseDisplayDate,
  parseIsoDate,
  todayInBrazil,
  toIsoDate,
  WEEKDAY_LONG,
  WEEKDAY_SHORT,
} from '~/lib/dates'
import { MaskedInput } from './masked-input'

/**
 * Date picker (spec §2, §5, §9): the visible field shows dd/mm/yyyy (or mm/dd/yyyy), a hidden
 * field named `name` carries yyyy-mm-dd. Future dates cannot be chosen. 'Hoje' and 'Limpar'.
 */
export function DatePicker({
  name,
  label,
  defaultValue,
  format = FORM_HELPER_DATE_FORMAT,
  allowFuture = false,
  onChange,
  textName,
  error,
  defaultText,
}: {
  name: string
  /** Names the visible dd/mm/yyyy field too, so a form sent before JavaScript loads carries it. */
  textName?: string
  label: string
  defaultValue?: string | null
  format?: DateFormat
  allowFuture?: boolean
  onChange?: (iso: string) => void
  /** A message the server found for the value it received (e.g. a future date), shown at once. */
  error?: string | null
  /** What was typed when the server refused it, shown back in the field. */
  defaultText?: string | null
}) {
  const id = useId()
  const initial = parseIsoDate(defaultValue)
  const [text, setText] = useState(initial ? formatDisplayDate(initial, format) : (defaultText ?? ''))
  const [iso, setIso] = useState(initial ? toIsoDate(initial) : '')
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState(error ?? '')
  const today = todayInBrazil()
  const [view, setView] = useState(() => initial ?? today)
  const popupRef = useRef<HTMLDivElement>(null)
  const wrapperRef = useRef<HTMLDivElement>(null)
  // The mask may accept the same text twice (typing, then the value echoed back): a caller that
  // navigates on change must hear each date once, or the second navigation aborts the first.
  const reported = useRef(initial ? toIsoDate(initial) : '')
  const report = (nextIso: string) => {
    if (reported.current === nextIso) return
    reported.current = nextIso
    onChange?.(nextIso)
  }

  const isDisabled = (date: CalendarDate) => !allowFuture && compareDates(date, today) > 0

  const commit = (date: CalendarDate | null) => {
    const nextIso = date ? toIsoDate(date) : ''
    setIso(nextIso)
    setText(date ? formatDisplayDate(date, format) : '')
    setMessage('')
    if (date) setView(date)
    report(nextIso)
  }

  useEffect(() => {
    if (!open) return
    popupRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"], [data-today="true"]')?.focus()
    const onClick = (event: MouseEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onClick)
    return () => document.removeEventListener('mousedown', onClick)
  }, [open])

  const selected = parseIsoDate(iso)
  // Only the month's first letter is capitalised: Portuguese keeps "de" lower case.
  const month = MONTH_NAMES[view.month - 1] ?? ''
  const title = t('date.monthTitle', { mes: month.charAt(0).toUpperCase() + month.slice(1), ano: view.year })

  return (
    <div className="field date-picker" ref={wrapperRef}>
      <label htmlFor={`${id}-texto`}>{label}</label>
      <div className="date-picker__row">
        <MaskedInput
          kind="date"
          id={`${id}-texto`}
          name={textName}
          // The format in Portuguese ("aaaa", not "yyyy"); the code-side tokens stay as they are.
          placeholder={t(format === 'dd/mm/yyyy' ? 'date.placeholderDayFirst' : 'date.placeholderMonthFirst')}
          value={text}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-mensagem`}
          onValueChange={(value) => {
            setText(value)
            if (value === '') return commit(null)
            const parsed = parseDisplayDate(value, format)
            if (parsed && !isDisabled(parsed)) {
              setIso(toIsoDate(parsed))
              setView(parsed)
              setMessage('')
              report(toIsoDate(parsed))
            } else {
              setIso('')
              // A whole date that is wrong says why: impossible, or in the future (spec §2).
              const complete = value.length === 10
              setMessage(!complete ? '' : parsed ? t('validation.futureDate') : t('validation.date'))
            }
          }}
        />
        <button
          type="button"
          className="button button--icon"
          aria-label={t('date.open')}
          aria-expanded={open}
          aria-controls={`${id}-calendario`}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="icon-calendar" aria-hidden="true" />
        </button>
      </div>
      <input type="hidden" name={name} value={iso} />
      <p id={`${id}-mensagem`} className="field__message" aria-live="polite">
        {message}
      </p>
      {open ? (
        <div
          ref={popupRef}
          id={`${id}-calendario`}
          className="date-picker__popup"
          role="dialog"
          aria-modal="false"
          aria-label={t('date.dialog')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setOpen(false)
              document.getElementById(`${id}-texto`)?.focus()
            }
          }}
        >
          <div className="date-picker__nav">
            <button
              type="button"
              aria-label={t('date.previousMonth')}
              onClick={() => setView((v) => ({ ...addMonths(v, -1), day: 1 }))}
            >
              ‹
            </button>
            <span className="date-picker__title" aria-live="polite">
              {title}
            </span>
            <button
              type="button"
              aria-label={t('date.nextMonth')}
              disabled={!allowFuture && view.year * 12 + view.month >= today.year * 12 + today.month}
              onClick={() => setView((v) => ({ ...addMonths(v, 1), day: 1 }))}
            >
              ›
            </button>
          </div>
          <table className="date-picker__grid" aria-label={title}>
            <thead>
              <tr>
                {WEEKDAY_SHORT.map((day, i) => (
                  <th key={day} scope="col" abbr={WEEKDAY_LONG[i]}>
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(view.year, view.month).map((week) => (
                <tr key={week.map((d) => d?.day ?? '-').join()}>
                  {week.map((date, i) =>
                    date ? (
                      <td key={date.day}>
                        <button
                          type="button"
                          disabled={isDisabled(date)}
                          aria-pressed={selected ? compareDates(selected, date) === 0 : false}
                          data-today={compareDates(date, today) === 0}
                          aria-label={`${date.day} de ${MONTH_NAMES[date.month - 1]} de ${date.year}`}
                          onClick={() => {
                            commit(date)
                            setOpen(false)
                          }}
                        >
                          {date.day}
                        </button>
                      </td>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: empty padding cells
                      <td key={`vazio-${i}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="date-picker__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                commit(today)
                setOpen(false)
              }}
            >
              {t('date.today')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                commit(null)
                setOpen(false)
              }}
            >
              {t('date.clear')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
