import type { ButtonHTMLAttributes } from 'react'
import { t } from '~/i18n/pt-BR'

/** Spec §4: idle → submitting (disabled, loading indicator) → idle. */
export function SubmitButton({
  submitting,
  children,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { submitting: boolean }) {
  return (
    <button
      type="submit"
      {...rest}
      className={['button', className].filter(Boolean).join(' ')}
      disabled={submitting || rest.disabled}
      aria-busy={submitting || undefined}
      data-state={submitting ? 'submitting' : 'idle'}
    >
      {submitting ? <span className="spinner" aria-hidden="true" /> : null}
      <span>{children}</span>
      {submitting ? <span className="visually-hidden">{t('ui.loading')}</span> : null}
    </button>
  )
}
