import type { CountedDay, Deadline } from '~/domain/deadlines/types'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatDate } from '~/lib/format'

const WEEKDAYS = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb']

/** "ter 08/07/2025" */
function day(iso: string): string {
  return `${WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]} ${formatDate(iso)}`
}

/** One line of the count: a counted day, the extension, or a run of days skipped for one reason. */
type Line =
  | { kind: 'counted'; date: string; ordinal: number }
  | { kind: 'extended'; date: string }
  | { kind: 'skipped'; from: string; to: string; label: string; basis: string }

function lines(steps: readonly CountedDay[]): Line[] {
  const out: Line[] = []
  for (const step of steps) {
    const last = out.at(-1)
    if (step.skipped) {
      if (last?.kind === 'skipped' && last.label === step.skipped.label) last.to = step.date
      else
        out.push({
          kind: 'skipped',
          from: step.date,
          to: step.date,
          label: step.skipped.label,
          basis: step.skipped.basis,
        })
    } else if (step.extended) out.push({ kind: 'extended', date: step.date })
    else out.push({ kind: 'counted', date: step.date, ordinal: step.ordinal ?? 0 })
  }
  return out
}

/**
 * "Detalhamento da contagem" (issue 41): how a deadline was counted, day by day, with the legal
 * basis of each rule. Server-rendered; a <details> opens it without any script.
 */
export function DeadlineBreakdown({ deadline, open = false }: { deadline: Deadline; open?: boolean }) {
  return (
    <details className="deadline-breakdown" open={open}>
      <summary>{t('deadlines.breakdown.title')}</summary>
      <dl>
        <dt>{t('deadlines.breakdown.available')}</dt>
        <dd>{day(deadline.availableOn)}</dd>
        <dt>{t('deadlines.breakdown.published')}</dt>
        <dd>{day(deadline.publishedOn)}</dd>
        <dt>{t('deadlines.breakdown.starts')}</dt>
        <dd>{day(deadline.startsOn)}</dd>
        <dt>{t('deadlines.breakdown.lastDay')}</dt>
        <dd>
          <strong>{day(deadline.lastDay)}</strong>{' '}
          {plural(
            deadline.days,
            t('deadlines.breakdown.days.one', {
              days: deadline.days,
              counting: t(
                deadline.counting === 'uteis' ? 'deadlines.breakdown.uteis' : 'deadlines.breakdown.corridos',
              ),
            }),
            t('deadlines.breakdown.days.many', {
              days: deadline.days,
              counting: t(
                deadline.counting === 'uteis' ? 'deadlines.breakdown.uteis' : 'deadlines.breakdown.corridos',
              ),
            }),
          )}
        </dd>
      </dl>
      {deadline.corrected ? <p>{t('deadlines.breakdown.corrected')}</p> : null}
      <h4>{t('deadlines.breakdown.stepsTitle')}</h4>
      <ol className="deadline-breakdown__days">
        {lines(deadline.steps).map((line) =>
          line.kind === 'skipped' ? (
            <li key={line.from} className="deadline-breakdown__skipped">
              {line.from === line.to ? day(line.from) : `${day(line.from)} – ${day(line.to)}`}:{' '}
              {t('deadlines.breakdown.skipped', { label: line.label })}
              {line.basis ? ` (${line.basis})` : null}
            </li>
          ) : (
            <li key={line.date}>
              {day(line.date)}:{' '}
              {line.kind === 'counted'
                ? t('deadlines.breakdown.counted', { ordinal: line.ordinal })
                : t('deadlines.breakdown.extended')}
            </li>
          ),
        )}
      </ol>
      <h4>{t('deadlines.breakdown.rulesTitle')}</h4>
      <ul className="deadline-breakdown__rules">
        {deadline.rules.map((rule) => (
          <li
            key={`${rule.basis}|${rule.text}`}
            className={rule.check ? 'deadline-breakdown__check' : undefined}
          >
            {rule.text} <small>({rule.basis})</small>
          </li>
        ))}
      </ul>
      <p className="deadline-breakdown__warning" role="note">
        {t('deadlines.breakdown.warning')}
      </p>
    </details>
  )
}
