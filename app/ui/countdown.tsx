import { useEffect, useState } from 'react'
import { formatCountdown } from '~/lib/countdown'

/** Spec §4, §9: HH:MM:SS, one tick per second, stops at 00:00:00. Server-rendered at its start value. */
export function Countdown({
  seconds,
  onDone,
  label,
}: {
  seconds: number
  onDone?: () => void
  label?: string
}) {
  const [left, setLeft] = useState(Math.max(0, Math.floor(seconds)))
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => {
      const next = left - 1
      setLeft(next)
      if (next === 0) onDone?.()
    }, 1000)
    return () => clearTimeout(timer)
  }, [left, onDone])
  return (
    <span className="countdown" role="timer" aria-label={label} data-countdown="">
      {formatCountdown(left)}
    </span>
  )
}
