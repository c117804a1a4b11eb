import type { ReactNode } from 'react'
import { Toaster, toast } from 'sonner'
import { t } from '~/i18n/pt-BR'

/**
 * The three toast styles of the spec (§2): error, notice, warning, at the bottom centre. A notice
 * is informational (sonner's "info"), not a green success: it is neutral blue, apart from both.
 */
export const notify = {
  error: (message: ReactNode) => toast.error(message, { className: 'toast toast--error' }),
  notice: (message: ReactNode) => toast.info(message, { className: 'toast toast--notice' }),
  warning: (message: ReactNode) => toast.warning(message, { className: 'toast toast--warning' }),
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
  return (
    <Toaster
      position="bottom-center"
      closeButton
      duration={5000}
      toastOptions={{ unstyled: false, classNames: { toast: 'toast' } }}
      containerAriaLabel={t('ui.toast.region')}
    />
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
