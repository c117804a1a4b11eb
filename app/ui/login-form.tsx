import { zodResolver } from '@hookform/resolvers/zod'
import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { t } from '~/i18n/pt-BR'
import { type LoginResponse, loginSchema } from '~/schemas/auth'
import { TextField } from './field'
import { flashStrings, useFormFlash } from './flash'
import { SubmitButton } from './submit-button'
import { notify } from './toast'

/** Login form (page and modal). Failure: the server's message above the button (spec §8). */
export function LoginForm({
  action,
  onLoggedIn,
  reloadData = true,
  initial,
}: {
  action: string
  onLoggedIn: (body: LoginResponse) => void | Promise<void>
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
