import { useState } from 'react'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { call, routePath } from '~/ui/call'
import { toastOutcome } from '~/ui/send-form'

/** Shown to a logged-in user whose e-mail is not confirmed yet, with the resend action (spec §7). */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const [sending, setSending] = useState(false)
  return (
    <aside className="alert alert--warning confirm-banner" aria-label={t('auth.confirmResend')}>
      <p>{t('auth.confirmBanner', { email })}</p>
      <form
        method="post"
        action={routePath(routes.confirmationResend)}
        onSubmit={async (event) => {
          event.preventDefault()
          setSending(true)
          const outcome = await call(routes.confirmationResend, {})
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
