import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react'
import type { QueuedToast, ToastKind } from './toaster-impl'

/**
 * sonner loads with the first toast, not with every page (decisions/0036): toasts asked for
 * before it is there wait in this queue and are shown, in order, once its region is mounted.
 */
const LazyToaster = lazy(() => import('./toaster-impl'))
let queue: QueuedToast[] = []
let show: ((toast: QueuedToast) => void) | null = null
let dismiss: ((group: string) => void) | null = null
let wake: (() => void) | null = null

/** A toast with nothing to say (a form whose success message is "") is not shown at all. */
const saysNothing = (message: ReactNode) =>
  message === '' || message === null || message === undefined || typeof message === 'boolean'

function push(kind: ToastKind, message: ReactNode, group?: string) {
  if (saysNothing(message)) return
  if (show) show({ kind, message, group })
  else {
    queue.push({ kind, message, group })
    wake?.()
  }
}

/**
 * Takes back the error toasts a form showed (its `group`, the action): after a success, an old
 * "invalid phone" must not stay on screen beside "Salvo".
 */
export function dismissErrors(group: string) {
  queue = queue.filter((toast) => toast.group !== group || toast.kind !== 'error')
  dismiss?.(group)
}

/**
 * The three toast styles of the spec (§2): error, notice, warning, at the bottom centre. A notice
 * is informational (sonner's "info"), not a green success: it is neutral blue, apart from both.
 */
export const notify = {
  error: (message: ReactNode, group?: string) => push('error', message, group),
  notice: (message: ReactNode) => push('notice', message),
  warning: (message: ReactNode) => push('warning', message),
}

const FLASH_KEY = 'avisoPendente'

/**
 * A notice that must survive a full page navigation (after login or signup the browser loads
 * the destination): kept for one page load in sessionStorage, shown by the next page.
 */
export function noticeAfterNavigation(message: string) {
  try {
    sessionStorage.setItem(FLASH_KEY, message)
  } catch {
    notify.notice(message)
  }
}

export function showPendingNotice() {
  try {
    const message = sessionStorage.getItem(FLASH_KEY)
    if (!message) return
    sessionStorage.removeItem(FLASH_KEY)
    notify.notice(message)
  } catch {
    // Storage unavailable (private mode): the notice was shown before navigating.
  }
}

export function AppToaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    wake = () => setWanted(true)
    if (queue.length) setWanted(true)
    return () => {
      wake = null
    }
  }, [])
  const ready = useCallback(async () => {
    const { dismissGroup, showToast } = await import('./toaster-impl')
    show = showToast
    dismiss = dismissGroup
    const waiting = queue
    queue = []
    for (const toast of waiting) showToast(toast)
  }, [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <LazyToaster onReady={ready} />
    </Suspense>
  )
}

/** A list of messages as one toast with a bullet per message (spec §8). */
export function BulletList({ items }: { items: string[] }) {
  return (
    <ul className="toast__list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}
