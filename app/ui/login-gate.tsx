import { useMatches, useRouteLoaderData } from '@remix-run/react'
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { flushSync } from 'react-dom'
import { t } from '~/i18n/pt-BR'
import { loginHref } from '~/lib/paths'
import type { LoginForm } from './login-form'
import { PlainLoginForm, readPlainLogin, type TypedLogin } from './login-plain-form'
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
  modalName = 'login',
  serverForm = false,
  children,
}: {
  modalName?: string
  /**
   * Draw the modal's form on the server, inside the closed dialog, for an anonymous reader of a
   * page whose route declares `handle.loginModal` (decisions/0056): the bootstrap opens it at the
   * first press, before the application.
   */
  serverForm?: boolean
  children: ReactNode
}) {
  const { open: openModal, close, current } = useModals()
  const pending = useRef<(() => void | Promise<void>) | null>(null)
  const root = useRouteLoaderData('root') as { user?: unknown } | undefined
  const pageNeedsIt = useMatches().some((m) => (m.handle as { loginModal?: boolean } | undefined)?.loginModal)
  const drawn = serverForm && !root?.user && pageNeedsIt
  // The bootstrap opened the server's form before the application: the application takes that
  // dialog over (its state, the pending action) and swaps in its own form with what was typed.
  const [adopting, setAdopting] = useState(false)
  const [adopted, setAdopted] = useState<{ Form: typeof LoginForm; typed: TypedLogin } | null>(null)
  const dialog = useCallback(
    () => document.querySelector<HTMLDialogElement>(`dialog[data-modal="${modalName}"]`),
    [modalName],
  )
  const open = useCallback(
    (name: string) => {
      if (drawn && dialog()?.open) setAdopting(true)
      openModal(name)
    },
    [drawn, dialog, openModal],
  )
  const isOpen = current?.name === modalName
  useEffect(() => {
    if (!isOpen) {
      setAdopting(false)
      setAdopted(null)
      return
    }
    if (!adopting) return
    let live = true
    void import('./login-form').then((m) => {
      const typed = live ? readPlainLogin(dialog()) : null
      if (!typed) return
      // One synchronous commit from reading the fields to drawing the new ones: no key typed in
      // between is lost.
      flushSync(() => setAdopted({ Form: m.LoginForm, typed }))
      const field =
        typed.focused && dialog()?.querySelector<HTMLInputElement>(`input[name="${typed.focused}"]`)
      if (field) {
        field.focus()
        const end = field.value.length
        if (field.type !== 'email') field.setSelectionRange(end, end)
      }
    })
    return () => {
      live = false
    }
  }, [isOpen, adopting, dialog])
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
  const loggedIn = async () => {
    close()
    const action = pending.current
    pending.current = null
    if (action) await action()
  }
  return (
    <GateContext.Provider value={gate}>
      {children}
      <Modal
        name={modalName}
        title={t('login.modalTitle')}
        subtitle={t('login.modalSubtitle')}
        keepContent={drawn}
      >
        {drawn && (!isOpen || (adopting && !adopted)) ? <PlainLoginForm /> : null}
        {isOpen && adopted ? <adopted.Form initial={adopted.typed} onLoggedIn={loggedIn} /> : null}
        {isOpen && !adopting ? (
          <Suspense fallback={<p className="modal__loading">{t('login.loading')}</p>}>
            <LazyLoginForm onLoggedIn={loggedIn} />
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
