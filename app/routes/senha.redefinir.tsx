import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { NewPasswordFields } from '~/components/auth/new-password-fields'
import { accountForResetLink } from '~/domain/auth/emails.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { resetPasswordSchema } from '~/schemas/auth'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'
import { noticeAfterNavigation } from '~/ui/toast'

/** The link in the reset e-mail: valid for 30 minutes and only until the password changes. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { deps } = context
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = !!(await accountForResetLink(deps, token))
  // An invalid or spent link says so with a 400, as every link the site e-mails (issue 38).
  return data({ token: valid ? token : null }, { status: valid ? 200 : 400 })
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('auth.resetChooseTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>()
  if (!token)
    return (
      <section className="page page--narrow">
        <h1>{t('auth.resetTitle')}</h1>
        <p role="alert">{t('auth.resetInvalid')}</p>
        <p>
          <Link to="/senha/esqueci">{t('auth.resetSubmit')}</Link>
        </p>
      </section>
    )
  return (
    <section className="page page--narrow">
      <h1>{t('auth.resetChooseTitle')}</h1>
      <ActionForm
        endpoint={routes.passwordReset}
        schema={resetPasswordSchema}
        defaultValues={{ token }}
        successMessage={t('auth.resetDone')}
        resetOnSuccess={false}
        onSuccess={(body) => {
          noticeAfterNavigation(t('auth.resetDone'))
          window.location.assign(typeof body.redirect_url === 'string' ? body.redirect_url : '/')
        }}
        label={t('auth.resetChooseTitle')}
      >
        {({ submitting }) => (
          <>
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields />
            <SubmitButton submitting={submitting}>{t('auth.resetChooseSubmit')}</SubmitButton>
          </>
        )}
      </ActionForm>
    </section>
  )
}
