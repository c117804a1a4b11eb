import { Controller, useFormContext } from 'react-hook-form'
import { FieldShell } from './field'
import { MaskedInput } from './masked-input'

/** A masked input (phone, date, CPF) as a react-hook-form field with label and message area. */
export function MaskedField({
  name,
  label,
  kind,
  hint,
  autoComplete,
}: {
  name: string
  label: string
  kind: 'phone' | 'cpf' | 'date'
  hint?: string
  autoComplete?: string
}) {
  const { control } = useFormContext()
  return (
    <FieldShell name={name} label={label} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <MaskedInput
              id={id}
              kind={kind}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              autoComplete={autoComplete}
              type={kind === 'phone' ? 'tel' : 'text'}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        />
      )}
    </FieldShell>
  )
}
