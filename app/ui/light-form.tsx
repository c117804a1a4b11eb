import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import type { ZodType } from 'zod'
import { t } from '~/i18n/pt-BR'
import { ANCHOR_FIELD } from '~/lib/form-anchor'
import { formToObject } from '~/lib/form-object'
import { routePath } from '~/ui/call'
import { FormErrors, flashStrings, useFormFlash } from './flash'
import { useOptionalLoginGate } from './login-gate'
import { type ActionResponse, sendForm, toastOutcome } from './send-form'

export type FieldMessages = Record<string, string>

/** The first message of each field a schema refuses, or null when the values pass. */
function problemsOf(schema: ZodType, values: Record<string, unknown>): FieldMessages | null {
  const result = schema.safeParse(values)
  if (result.success) return null
  const messages: FieldMessages = {}
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '')
    messages[name] ??= issue.message
  }
  return messages
}

/**
 * The generic form action (spec §7) for small forms shown to every reader, such as comments:
 * the same behaviour as ActionForm (validated with the server's zod schema before sending, the
 * login modal on a lost session, toasts, server field messages, reset) without react-hook-form,
 * and with the schema loaded on the first submit, so reading the page does not download a form
 * library (issue 18). Fields are uncontrolled; their values are read from the form.
 */
export function LightForm({
  endpoint,
  params,
  action = endpoint ? routePath(endpoint, params) : '',
  loadSchema,
  successMessage = t('form.sent'),
  onSuccess,
  children,
  className,
  label,
  encType,
  anchor,
}: {
  /**
   * The registry's route it posts to (app/api/routes.ts, decisions/0070), with its path
   * parameters: the form's `action` without JavaScript comes from it. A form off the registry passes `action`.
   */
  endpoint?: { path: string; method: 'post' }
  params?: Record<string, string | number>
  action?: string
  loadSchema?: () => Promise<ZodType>
  successMessage?: string
  onSuccess?: (body: ActionResponse) => void
  children: (state: {
    submitting: boolean
    messages: FieldMessages
    initial: Record<string, string>
  }) => ReactNode
  className?: string
  label?: string
  /** 'multipart/form-data' for a form with a file, so it is sent without JavaScript too. */
  encType?: 'multipart/form-data'
  /** The element (id) a refused plain post comes back to, for a form far down a long page. */
  anchor?: string
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const schema = useRef<ZodType | null>(null)
  const [submitting, setSubmitting] = useState(false)
  // A failed plain post (no JavaScript) comes back with its messages and what was typed.
  const flash = useFormFlash(action)
  const [messages, setMessages] = useState<FieldMessages>(flash?.fields ?? {})
  const gate = useOptionalLoginGate()
  const invalid = Object.keys(messages).length > 0

  // The server's own reading: a checkbox group is every ticked value, not the last one.
  const valuesOf = (form: HTMLFormElement) => formToObject(new FormData(form)) ?? {}

  const submit = async () => {
    const form = formRef.current
    if (!form) return
    if (loadSchema) {
      schema.current ??= await loadSchema()
      const problems = problemsOf(schema.current, valuesOf(form))
      setMessages(problems ?? {})
      if (problems) return
    }
    setSubmitting(true)
    const outcome = await sendForm(form, action, 'POST')
    setSubmitting(false)
    // The session ended while the page was open: log in where we are, then send the same fields
    // again (spec §4 "Login-gated actions"); nothing typed is lost.
    if (!outcome.ok && outcome.kind === 'errors' && outcome.httpStatus === 401 && gate) {
      gate.login(() => submit())
      return
    }
    toastOutcome(outcome, 'POST', successMessage, action)
    if (!outcome.ok && outcome.kind === 'errors' && outcome.fields) setMessages(outcome.fields)
    if (outcome.ok) {
      form.reset()
      setMessages({})
      onSuccess?.(outcome.body)
    }
  }

  return (
    <form
      ref={formRef}
      action={action}
      method="post"
      encType={encType}
      noValidate
      aria-label={label}
      className={['form', invalid ? 'form--invalid' : '', className].filter(Boolean).join(' ')}
      data-invalid={invalid || undefined}
      // After a refused submit the messages follow the typing, as in ActionForm.
      onInput={(event) => {
        if (invalid && schema.current)
          setMessages(problemsOf(schema.current, valuesOf(event.currentTarget)) ?? {})
      }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        if (!submitting) void submit()
      }}
    >
      <FormErrors flash={flash} />
      {anchor ? <input type="hidden" name={ANCHOR_FIELD} value={anchor} /> : null}
      {children({
        submitting,
        messages,
        initial: flashStrings(flash),
      })}
    </form>
  )
}
