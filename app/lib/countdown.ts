/** HH:MM:SS for a number of seconds; never negative (spec §4: stops at 00:00:00). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const seconds = s % 60
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':')
}

/** "01:02:03" → 3723; null when not HH:MM:SS. */
export function parseCountdown(text: string): number | null {
  const match = /^(\d{2,}):([0-5]\d):([0-5]\d)$/.exec(text.trim())
  if (!match) return null
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])
}
