import type { InputHTMLAttributes, ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import { FieldFrame } from './field-frame'

/** A field's frame with its message from the enclosing react-hook-form form. */
export function FieldShell({
  name,
  label,
  hint,
  children,
}: {
  name: string
  label: string
  hint?: string
  children: (props: { id: string; describedBy: string; invalid: boolean }) => ReactNode
}) {
  const {
    formState: { errors },
  } = useFormContext()
  return (
    <FieldFrame name={name} label={label} hint={hint} message={errors[name]?.message as string | undefined}>
      {children}
    </FieldFrame>
  )
}

export function TextField({
  name,
  label,
  hint,
  ...input
}: { name: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const {
    register,
    formState: { defaultValues },
  } = useFormContext()
  // Drawn by the server too, so the page shows (and a form posted before JavaScript sends) the
  // saved or typed value; never for passwords.
  const initial = input.type === 'password' ? undefined : defaultValues?.[name]
  return (
    <FieldShell name={name} label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          defaultValue={typeof initial === 'string' ? initial : undefined}
          {...input}
          {...register(name)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldShell>
  )
}

export function TextAreaField({ name, label, rows = 4 }: { name: string; label: string; rows?: number }) {
  const { register } = useFormContext()
  return (
    <FieldShell name={name} label={label}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={rows}
          {...register(name)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldShell>
  )
}

/** Fields inside are not validated (spec §5 "no-validate region"). */
export function NoValidate({ children }: { children: ReactNode }) {
  return <div data-no-validate="">{children}</div>
}
