import { useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { t } from '~/i18n/pt-BR'

export type ToastKind = 'error' | 'notice' | 'warning'
export type QueuedToast = { kind: ToastKind; message: React.ReactNode }

const SHOW = {
  error: (message: React.ReactNode) => toast.error(message, { className: 'toast toast--error' }),
  notice: (message: React.ReactNode) => toast.info(message, { className: 'toast toast--notice' }),
  warning: (message: React.ReactNode) => toast.warning(message, { className: 'toast toast--warning' }),
} as const

export function showToast({ kind, message }: QueuedToast) {
  SHOW[kind](message)
}

/** sonner's region, mounted on the first toast; then the ones asked for before it are shown. */
export default function LoadedToaster({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady])
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
