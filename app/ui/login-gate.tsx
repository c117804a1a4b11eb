import { zodResolver } from '@hookform/resolvers/zod'
import { useRevalidator } from '@remix-run/react'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { t } from '~/i18n/pt-BR'
import { loginHref } from '~/lib/paths'
import { type LoginResponse, loginSchema } from '~/schemas/auth'
import { TextField } from './field'
import { useFormFlash } from './flash'
import { Modal, useModals } from './modal'
import { SubmitButton } from './submit-button'
import { notify } from './toast'

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
  const { open, close } = useModals()
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
        <LoginForm
          action={loginUrl}
          onLoggedIn={async () => {
            close()
            const action = pending.current
            pending.current = null
            if (action) await action()
          }}
        />
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

/** Login form (page and modal). Failure: the server's message above the button (spec §8). */
export function LoginForm({
  action,
  onLoggedIn,
}: {
  action: string
  onLoggedIn: (body: LoginResponse) => void | Promise<void>
}) {
  // Without JavaScript a refused login comes back through the flash (message, typed e-mail).
  const flash = useFormFlash(action)
  const methods = useForm({
    resolver: zodResolver(loginSchema),
    shouldFocusError: false,
    defaultValues: { email: flash?.values?.email ?? '', senha: '' },
  })
  const [submitting, setSubmitting] = useState(false)
  const [serverMessage, setServerMessage] = useState<string | null>(flash?.message ?? null)
  const revalidator = useRevalidator()

  const submit = methods.handleSubmit(async (values) => {
    setSubmitting(true)
    setServerMessage(null)
    let body: LoginResponse | null = null
    try {
      const response = await fetch(action, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams(values),
      })
      body = (await response.json()) as LoginResponse
    } catch {
      body = null
    }
    setSubmitting(false)
    if (!body) {
      setServerMessage(t('form.internalError'))
      return
    }
    if (body.status !== 'success') {
      setServerMessage(body.message ?? t('form.error'))
      return
    }
    notify.notice(t('login.success'))
    if (body.refresh) {
      window.location.reload()
      return
    }
    revalidator.revalidate()
    await onLoggedIn(body)
  })

  return (
    <FormProvider {...methods}>
      <form className="form" noValidate method="post" action={action} onSubmit={submit}>
        <TextField name="email" label={t('login.email')} type="email" autoComplete="username" />
        <TextField name="senha" label={t('login.password')} type="password" autoComplete="current-password" />
        {serverMessage ? (
          <p className="alert alert--error" role="alert">
            {serverMessage}
          </p>
        ) : null}
        <SubmitButton submitting={submitting}>{t('login.submit')}</SubmitButton>
      </form>
    </FormProvider>
  )
}
