// First cut of the counter so the intimações can be built beside it: weekends only, days from
// "prazo de N dias" or CPC art. 218 §3. The court calendars, holidays, recess, criminal and
// Juizado rules and the act table replace this body (issue 41); the signature stays.
import type { CountedDay, Deadline, DeadlineInput } from './types'

const DAY_MS = 86_400_000

function addDays(iso: string, n: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

function isWeekend(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay()
  return d === 0 || d === 6
}

function nextBusinessDay(iso: string): string {
  let d = addDays(iso, 1)
  while (isWeekend(d)) d = addDays(d, 1)
  return d
}

const ASKS_NOTHING = /pauta|distribui|edital|certid/i

export function computeDeadline(input: DeadlineInput): Deadline | null {
  if (!input.active) return null
  if (ASKS_NOTHING.test(input.communicationType ?? '')) return null
  const fromText = /prazo\s+(?:legal\s+)?de\s+(\d{1,3})/i.exec(input.text)
  const days = input.override?.days ?? (fromText ? Number(fromText[1]) : 5)
  const publishedOn = nextBusinessDay(input.availableOn)
  const startsOn = nextBusinessDay(publishedOn)
  const steps: CountedDay[] = []
  let d = startsOn
  let n = 0
  for (;;) {
    if (isWeekend(d)) {
      steps.push({ date: d, skipped: { reason: 'weekend', label: 'Fim de semana', basis: 'CPC art. 219' } })
    } else {
      n += 1
      steps.push({ date: d, ordinal: n })
      if (n === days) break
    }
    d = addDays(d, 1)
  }
  return {
    availableOn: input.availableOn,
    publishedOn,
    startsOn,
    lastDay: d,
    days,
    daysFrom: input.override?.days ? 'correcao' : fromText ? 'texto' : 'padrao',
    counting: 'uteis',
    matter: 'civel',
    doubled: 'confira',
    corrected: input.override !== undefined,
    steps,
    rules: [],
  }
}
