import { zodResolver } from '@hookform/resolvers/zod'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { type FieldErrors, type FieldValues, FormProvider, type Resolver, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { t } from '~/i18n/pt-BR'
import { routePath } from '~/ui/call'
import { FormErrors, flashFieldErrors, useFormFlash } from './flash'
import { useOptionalLoginGate } from './login-gate'
import { type ActionResponse, sendForm, toastOutcome } from './send-form'

/** Drops the errors of fields that sit inside a no-validate region of the form. */
function ignoringNoValidate<T extends FieldValues>(
  resolver: Resolver<T>,
  form: () => HTMLFormElement | null,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    const element = form()
    if (!element || !result.errors) return result
    const errors = { ...result.errors }
    for (const name of Object.keys(errors)) {
      const field = element.querySelector(`[name="${CSS.escape(name)}"]`)
      if (field?.closest('[data-no-validate]')) delete errors[name]
    }
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values: values as never, errors: {} }
  }
}

/**
 * A form posted through the generic action: validated in the browser with the same zod schema
 * the server uses (focus stays where it is), submitted only when valid, then toasts and reset.
 */
export function ActionForm<S extends z.ZodType<FieldValues, FieldValues>>({
  endpoint,
  params,
  action: actionPath = endpoint ? routePath(endpoint, params) : '',
  method = endpoint?.method === 'get' ? 'GET' : 'POST',
  schema,
  successMessage = t('form.sent'),
  resetOnSuccess = true,
  onSuccess,
  onFailure,
  defaultValues,
  children,
  className,
  label,
}: {
  /**
   * The registry's route it posts to (app/api/routes.ts, decisions/0070): the form's `action` and
   * `method` without JavaScript come from it. Only the development gallery's forms, off the
   * registry, pass `action` instead.
   */
  endpoint?: { path: string; method: 'get' | 'post' }
  /** The route's path parameters (an article's or a claim's `:id`), filled into its path. */
  params?: Record<string, string | number>
  action?: string
  method?: 'POST' | 'GET'
  schema: S
  successMessage?: string
  resetOnSuccess?: boolean
  onSuccess?: (body: ActionResponse) => void
  /** After a refusal the server still acted on (a webhook call that failed is logged). */
  onFailure?: () => void
  defaultValues?: Partial<z.input<S>>
  children: (state: { submitting: boolean }) => ReactNode
  className?: string
  label?: string
}) {
  const action = actionPath
  const formRef = useRef<HTMLFormElement>(null)
  const [submitting, setSubmitting] = useState(false)
  // A failed plain post (no JavaScript) comes back with its messages and what was typed.
  const flash = useFormFlash(action)
  const gate = useOptionalLoginGate()
  const methods = useForm({
    resolver: ignoringNoValidate(
      zodResolver(schema) as unknown as Resolver<FieldValues>,
      () => formRef.current,
    ),
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { ...defaultValues, ...flash?.values } as FieldValues,
    errors: flashFieldErrors(flash),
  })
  const invalid = Object.keys(methods.formState.errors).length > 0

  const submit = methods.handleSubmit(async () => {
    const form = formRef.current
    if (!form) return
    setSubmitting(true)
    const outcome = await sendForm(form, action, method)
    setSubmitting(false)
    // The session ended while the page was open: log in where we are, then send the same fields
    // again (spec §4 "Login-gated actions"); nothing typed is lost.
    if (!outcome.ok && outcome.kind === 'errors' && outcome.httpStatus === 401 && gate) {
      gate.login(() => submit())
      return
    }
    toastOutcome(outcome, method, successMessage, action)
    // The server's rule about one field (e-mail taken, wrong password) also shows under it.
    if (!outcome.ok && outcome.kind === 'errors' && outcome.fields)
      for (const [name, message] of Object.entries(outcome.fields))
        if (form.querySelector(`[name="${CSS.escape(name)}"]`))
          methods.setError(name, { type: 'server', message })
    if (outcome.ok) {
      if (resetOnSuccess) methods.reset()
      onSuccess?.(outcome.body)
    } else onFailure?.()
  })

  return (
    <FormProvider {...methods}>
      <form
        ref={formRef}
        action={action}
        method={method.toLowerCase()}
        noValidate
        aria-label={label}
        className={['form', invalid ? 'form--invalid' : '', className].filter(Boolean).join(' ')}
        data-invalid={invalid || undefined}
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          if (!submitting) void submit(event)
        }}
      >
        <FormErrors flash={flash} />
        {children({ submitting })}
      </form>
    </FormProvider>
  )
}

export { type ActionOutcome, type ActionResponse, postAction, sendForm, toastOutcome } from './send-form'
