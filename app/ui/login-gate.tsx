import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
} from 'react'
import { t } from '~/i18n/pt-BR'
import { loginHref } from '~/lib/paths'
import { Modal, useModals } from './modal'

/**
 * The login form (react-hook-form, zod) loads when the modal first opens, not with every page
 * (decisions/0036): most visitors never open it.
 */
const LazyLoginForm = lazy(() => import('./login-form').then((m) => ({ default: m.LoginForm })))

/** Spec §4: the user counts as logged in when the user menu is present on the page. */
export function isLoggedIn(): boolean {
  return typeof document !== 'undefined' && document.querySelector('[data-user-menu]') !== null
}

type Gate = {
  run: (
    action: () => void | Promise<void>,
    options?: {
      via?: 'modal' | 'redirect'
      /** Before leaving the page to log in: keep what the action needs to resume on return. */
      onRedirect?: () => void
    },
  ) => void
  /**
   * The server said the session is gone (401) although the page still shows the user menu: ask
   * for the login whatever the page says, then run `action` (the same post, with what was typed).
   */
  login: (action: () => void | Promise<void>) => void
}

/** The root layout marks profile hosts (`<html data-site="profile">`). */
function onProfileHost(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.site === 'profile'
}
const GateContext = createContext<Gate | null>(null)

/**
 * Gated actions (follow, vote, comment, write, monitor, merge): run at once for a logged-in
 * user; otherwise open the login modal and run after a successful login, or go to /login with
 * the current URL to come back to.
 */
export function LoginGateProvider({
  loginUrl = '/login',
  modalName = 'login',
  children,
}: {
  loginUrl?: string
  modalName?: string
  children: ReactNode
}) {
  const { open, close, current } = useModals()
  const pending = useRef<(() => void | Promise<void>) | null>(null)
  const run = useCallback<Gate['run']>(
    (action, { via = 'modal', onRedirect } = {}) => {
      if (isLoggedIn()) {
        void action()
      } else if (via === 'redirect' || onProfileHost()) {
        // A profile host has no login page: `loginHref` sends it through the session bridge.
        onRedirect?.()
        window.location.assign(loginHref(onProfileHost(), window.location))
      } else {
        pending.current = action
        open(modalName)
      }
    },
    [open, modalName],
  )
  const login = useCallback<Gate['login']>(
    (action) => {
      if (onProfileHost()) {
        window.location.assign(loginHref(true, window.location))
        return
      }
      pending.current = action
      open(modalName)
    },
    [open, modalName],
  )
  const gate = useMemo(() => ({ run, login }), [run, login])
  return (
    <GateContext.Provider value={gate}>
      {children}
      <Modal name={modalName} title={t('login.modalTitle')} subtitle={t('login.modalSubtitle')}>
        {current?.name === modalName ? (
          <Suspense fallback={<p className="modal__loading">{t('login.loading')}</p>}>
            <LazyLoginForm
              action={loginUrl}
              onLoggedIn={async () => {
                close()
                const action = pending.current
                pending.current = null
                if (action) await action()
              }}
            />
          </Suspense>
        ) : null}
      </Modal>
    </GateContext.Provider>
  )
}

/** The gate when the page has one (forms also render in places without a provider). */
export function useOptionalLoginGate(): Gate | null {
  return useContext(GateContext)
}

export function useLoginGate(): Gate {
  const gate = useContext(GateContext)
  if (!gate) throw new Error('useLoginGate outside LoginGateProvider')
  return gate
}
