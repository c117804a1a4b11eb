import { type ReactNode, useId } from 'react'

/**
 * Label, control and the field's message area, wired for screen readers (spec §5). The message
 * comes from the caller: react-hook-form's errors (FieldShell) or a light form's own state.
 */
export function FieldFrame({
  name,
  label,
  hint,
  message,
  children,
}: {
  name: string
  label: string
  hint?: string
  message?: string
  children: (props: { id: string; describedBy: string; invalid: boolean }) => ReactNode
}) {
  const id = useId()
  const messageId = `${id}-mensagem`
  return (
    <div className={`field${message ? ' field--invalid' : ''}`} data-field={name}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy: hint ? `${id}-dica ${messageId}` : messageId, invalid: !!message })}
      {hint ? (
        <p id={`${id}-dica`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <p id={messageId} className="field__message" aria-live="polite">
        {message ?? ''}
      </p>
    </div>
  )
}
