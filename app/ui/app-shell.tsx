import { type ReactNode, useEffect } from 'react'
import { installClickTracking } from './analytics'
import { useHashHighlight } from './hash-highlight'
import { LoginGateProvider } from './login-gate'
import { ModalProvider } from './modal'
import { AppToaster, showPendingNotice } from './toast'

/** Everything every page has once hydrated: modals, the login gate, toasts, tracking, hash highlight. */
export function AppShell({ children }: { children: ReactNode }) {
  useHashHighlight()
  useEffect(() => installClickTracking(), [])
  useEffect(() => showPendingNotice(), [])
  return (
    <ModalProvider>
      <LoginGateProvider serverForm>{children}</LoginGateProvider>
      <AppToaster />
    </ModalProvider>
  )
}
