import { useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { t } from '~/i18n/pt-BR'

export type ToastKind = 'error' | 'notice' | 'warning'
/** `group`: the form the toast is about (its action), so that form's success can clear it. */
export type QueuedToast = { kind: ToastKind; message: React.ReactNode; group?: string }

const SHOW = {
  error: (message: React.ReactNode) => toast.error(message, { className: 'toast toast--error' }),
  notice: (message: React.ReactNode) => toast.info(message, { className: 'toast toast--notice' }),
  warning: (message: React.ReactNode) => toast.warning(message, { className: 'toast toast--warning' }),
} as const

const shownByGroup = new Map<string, (string | number)[]>()

export function showToast({ kind, message, group }: QueuedToast) {
  const id = SHOW[kind](message)
  if (group) shownByGroup.set(group, [...(shownByGroup.get(group) ?? []), id])
}

/** A form that succeeded takes back what it said went wrong before (issue 28 §5). */
export function dismissGroup(group: string) {
  for (const id of shownByGroup.get(group) ?? []) toast.dismiss(id)
  shownByGroup.delete(group)
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
