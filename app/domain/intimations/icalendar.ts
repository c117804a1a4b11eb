// A minimal RFC 5545 writer for all-day events (decisions/0103): CRLF line ends, TEXT values
// escaped (§3.3.11), lines folded at 75 octets without splitting a UTF-8 character (§3.1).

export type AllDayEvent = {
  uid: string
  /** yyyy-mm-dd */
  day: string
  summary: string
  description: string
  url?: string
  /** when the event last changed (DTSTAMP) */
  stamp: Date
  /** how many times it moved (SEQUENCE): with the same UID, a calendar replaces the old one */
  sequence?: number
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

const encoder = new TextEncoder()

/** Folds one content line: at most 75 octets per physical line, continuations start with a space. */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    const limit = out.length === 0 ? 75 : 74
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

const compactDay = (day: string) => day.replace(/-/g, '')
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10).replace(/-/g, '')
const stampOf = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`

export function calendar(name: string, events: AllDayEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//JurisEdge//Prazos//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:America/Sao_Paulo',
  ]
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stampOf(event.stamp)}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `DTSTART;VALUE=DATE:${compactDay(event.day)}`,
      `DTEND;VALUE=DATE:${nextDay(event.day)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      ...(event.url ? [`URL:${event.url}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
