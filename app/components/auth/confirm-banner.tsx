import { useState } from 'react'
import { t } from '~/i18n/pt-BR'
import { sendForm, toastOutcome } from '~/ui/send-form'

/** Shown to a logged-in user whose e-mail is not confirmed yet, with the resend action (spec §7). */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const [sending, setSending] = useState(false)
  return (
    <aside className="alert alert--warning confirm-banner" aria-label={t('auth.confirmResend')}>
      <p>{t('auth.confirmBanner', { email })}</p>
      <form
        method="post"
        action="/reenviar-confirmacao-email"
        onSubmit={async (event) => {
          event.preventDefault()
          setSending(true)
          const outcome = await sendForm(event.currentTarget, '/reenviar-confirmacao-email', 'POST')
          setSending(false)
          toastOutcome(outcome, 'POST', t('auth.confirmResent'))
        }}
      >
        <button type="submit" className="link-button" disabled={sending}>
          {t('auth.confirmResend')}
        </button>
      </form>
    </aside>
  )
}
