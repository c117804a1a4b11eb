import { useLocation } from '@remix-run/react'
import { useId } from 'react'
import { t } from '~/i18n/pt-BR'
import { loginUrl } from '~/lib/paths'

/** Marks the server-drawn login form: the bootstrap lets its post go as without JavaScript. */
export const PLAIN_LOGIN_ATTR = 'data-login-plain'

/**
 * The login modal's form as the server draws it inside the closed dialog (decisions/0056): the
 * same fields, labels and button as the application's (`LoginForm`), a plain post to /login that
 * returns to this page, so that the bootstrap can open it at the first press, before and without
 * the application. The application takes it over with what was typed (`LoginGateProvider`).
 */
export function PlainLoginForm() {
  // The path only: the edge keeps one copy of a page for every query (its cache key).
  const { pathname } = useLocation()
  return (
    <form
      className="form"
      noValidate
      method="post"
      action={loginUrl(pathname)}
      {...{ [PLAIN_LOGIN_ATTR]: '' }}
    >
      <PlainField name="email" type="email" autoComplete="username" label={t('login.email')} />
      <PlainField name="senha" type="password" autoComplete="current-password" label={t('login.password')} />
      <button type="submit" className="button" data-state="idle">
        <span>{t('login.submit')}</span>
      </button>
    </form>
  )
}

/**
 * The markup of `FieldFrame` and `SubmitButton` (idle), written out: importing them would add their
 * chunks to every page's application for a form most readers never open.
 */
function PlainField({
  name,
  type,
  autoComplete,
  label,
}: {
  name: string
  type: string
  autoComplete: string
  label: string
}) {
  const id = useId()
  return (
    <div className="field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-describedby={`${id}-mensagem`}
      />
      <p id={`${id}-mensagem`} className="field__message" aria-live="polite" />
    </div>
  )
}

/** What the reader typed into the server-drawn form, and which field had the focus. */
export type TypedLogin = { email: string; senha: string; focused: string | null }

export function readPlainLogin(dialog: HTMLDialogElement | null): TypedLogin | null {
  const form = dialog?.querySelector<HTMLFormElement>(`form[${PLAIN_LOGIN_ATTR}]`)
  if (!form) return null
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? ''
  const active = document.activeElement
  const focused = active instanceof HTMLInputElement && form.contains(active) ? active.name : null
  return { email: value('email'), senha: value('senha'), focused }
}

/**
 * A route whose page has a press that opens the login modal (a follow button) exports this as
 * its `handle`: the server draws the modal's form there for an anonymous reader.
 */
export const LOGIN_MODAL_HANDLE = { loginModal: true }
