import type { MetaFunction } from '@remix-run/cloudflare'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { resetRequestSchema } from '~/schemas/auth'
import { TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export const meta: MetaFunction = () => seo({ title: t('auth.resetTitle') })

export default function ForgotPassword() {
  return (
    <section className="page page--narrow auth">
      <h1>{t('auth.resetTitle')}</h1>
      <p className="muted">{t('auth.resetLead')}</p>
      <ActionForm
        endpoint={routes.passwordResetRequest}
        schema={resetRequestSchema}
        successMessage={t('auth.resetSent')}
        label={t('auth.resetTitle')}
      >
        {({ submitting }) => (
          <>
            <TextField name="email" label={t('login.email')} type="email" autoComplete="email" />
            <SubmitButton submitting={submitting}>{t('auth.resetSubmit')}</SubmitButton>
          </>
        )}
      </ActionForm>
    </section>
  )
}
