import { useRouteLoaderData } from '@remix-run/react'
import type { FieldErrors } from 'react-hook-form'
import type { Flash } from '~/schemas/flash'

/** A flash's field messages as react-hook-form errors (drawn by the server, before JavaScript). */
export function flashFieldErrors(flash: Flash | null): FieldErrors | undefined {
  if (!flash?.fields) return undefined
  return Object.fromEntries(
    Object.entries(flash.fields).map(([name, message]) => [name, { type: 'server', message }]),
  )
}

/** The single-valued fields of what was typed (forms whose fields are all plain text). */
export function flashStrings(flash: Flash | null): Record<string, string> {
  const strings: Record<string, string> = {}
  for (const [name, value] of Object.entries(flash?.values ?? {}))
    if (typeof value === 'string') strings[name] = value
  return strings
}

/** The previous plain form post's result (root loader), or null. */
export function useFlash(): Flash | null {
  const root = useRouteLoaderData<{ flash?: Flash | null }>('root')
  return root?.flash ?? null
}

const pathOf = (action: string) => {
  try {
    return new URL(action, 'http://x').pathname
  } catch {
    return action
  }
}

/** The flash when it belongs to the form posting to `action` (field errors, what was typed). */
export function useFormFlash(action: string): Flash | null {
  const flash = useFlash()
  return flash?.form && flash.form === pathOf(action) ? flash : null
}

/**
 * The result of a plain form post, drawn by the server so it shows before (and without)
 * JavaScript: a notice, or errors that no form on the page claims.
 */
export function FlashNotice() {
  const flash = useFlash()
  if (!flash) return null
  if (flash.kind === 'notice')
    return flash.message ? (
      <p className="flash flash--notice" role="status">
        {flash.message}
      </p>
    ) : null
  return flash.form ? null : <ErrorList flash={flash} className="flash flash--error" />
}

/** Errors of a form's own failed plain post, shown at the top of that form. */
export function FormErrors({ flash }: { flash: Flash | null }) {
  if (flash?.kind !== 'error') return null
  return <ErrorList flash={flash} className="alert alert--error" />
}

function ErrorList({ flash, className }: { flash: Flash; className: string }) {
  return (
    <ul className={className} role="alert">
      {(flash.errors ?? [flash.message ?? '']).map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}
