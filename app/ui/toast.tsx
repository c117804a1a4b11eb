import type { ReactNode } from 'react'
import { Toaster, toast } from 'sonner'
import { t } from '~/i18n/pt-BR'

/** The three toast styles of the spec (§2): error, notice, warning, at the bottom centre. */
export const notify = {
  error: (message: ReactNode) => toast.error(message, { className: 'toast toast--error' }),
  notice: (message: ReactNode) => toast.success(message, { className: 'toast toast--notice' }),
  warning: (message: ReactNode) => toast.warning(message, { className: 'toast toast--warning' }),
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
