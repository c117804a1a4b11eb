import { zodResolver } from '@hookform/resolvers/zod'
import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import type { OutputOf } from '~/api/endpoint'
import type { Endpoints } from '~/api/endpoints'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { loginSchema } from '~/schemas/auth'
import { call, routePath } from '~/ui/call'
import { TextField } from './field'
import { flashStrings, useFormFlash } from './flash'
import { SubmitButton } from './submit-button'
import { notify } from './toast'

/** Login form (page and modal). Failure: the server's message above the button (spec §8). */
export function LoginForm({
  returnTo,
  onLoggedIn,
  reloadData = true,
  initial,
}: {
  /** Where to go afterwards (`?auth.redirect=`, the login page's); the modal's page stays. */
  returnTo?: string
  onLoggedIn: (body: OutputOf<Endpoints['logIn']>) => void | Promise<void>
  /**
   * Reload the page's data as the logged-in user before `onLoggedIn` (the modal, whose page stays).
   * The login page leaves with a document navigation instead: reloading its own data would follow
   * its loader's redirect to the return address as a client navigation, which a Worker route (the
   * session bridge) cannot answer.
   */
  reloadData?: boolean
  /** What was typed into the server's form before this one took its place (decisions/0056). */
  initial?: { email: string; senha: string }
}) {
  const query = returnTo ? { 'auth.redirect': returnTo } : undefined
  const action = `${routePath(routes.logIn)}${query ? `?${new URLSearchParams(query)}` : ''}`
  // Without JavaScript a refused login comes back through the flash (message, typed e-mail).
  const flash = useFormFlash(action)
  const methods = useForm({
    resolver: zodResolver(loginSchema),
    shouldFocusError: false,
    defaultValues: { email: initial?.email ?? flashStrings(flash).email ?? '', senha: initial?.senha ?? '' },
  })
  const [submitting, setSubmitting] = useState(false)
  const [serverMessage, setServerMessage] = useState<string | null>(flash?.message ?? null)
  const revalidator = useRevalidator()
  // The page's data is reloaded as the logged-in user before the gated action resumes: an action
  // that navigates (publishing) would otherwise abort that reload mid-stream.
  const reloaded = useRef<(() => void) | null>(null)
  useEffect(() => {
    if (revalidator.state !== 'idle') return
    reloaded.current?.()
    reloaded.current = null
  }, [revalidator.state])

  const submit = methods.handleSubmit(async (values) => {
    setSubmitting(true)
    setServerMessage(null)
    const outcome = await call(routes.logIn, values, { query })
    setSubmitting(false)
    if (!outcome.ok) {
      // The server's words (the wrong password, a limit), else the generic ones (spec §8).
      setServerMessage(
        outcome.kind === 'failure' ? t('form.internalError') : (outcome.errors?.[0] ?? t('form.error')),
      )
      return
    }
    const body = outcome.body
    notify.notice(t('login.success'))
    if (body.refresh) {
      window.location.reload()
      return
    }
    if (!reloadData) return onLoggedIn(body)
    await new Promise<void>((resolve) => {
      reloaded.current = resolve
      revalidator.revalidate()
      // Never wait forever for a reload that a later navigation superseded.
      setTimeout(resolve, 5000)
    })
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
