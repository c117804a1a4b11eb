import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { NewPasswordFields } from '~/components/auth/new-password-fields'
import { findAccount } from '~/domain/users/accounts.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { changePasswordSchema } from '~/schemas/auth'
import { requireUser } from '~/server/guards.server'
import { TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const account = await findAccount(context.deps, { id: user.id })
  return { hasPassword: !!account?.hasPassword }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('auth.passwordTitle') }),
  { name: 'robots', content: 'noindex' },
]

export default function ChangePassword() {
  const { hasPassword } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow">
      <h1>{t('auth.passwordTitle')}</h1>
      {hasPassword ? (
        <ActionForm
          endpoint={routes.passwordChange}
          schema={changePasswordSchema}
          successMessage={t('auth.passwordChanged')}
          label={t('auth.passwordTitle')}
        >
          {({ submitting }) => (
            <>
              <TextField
                name="senha"
                label={t('auth.currentPassword')}
                type="password"
                autoComplete="current-password"
              />
              <NewPasswordFields />
              <SubmitButton submitting={submitting}>{t('auth.passwordSubmit')}</SubmitButton>
            </>
          )}
        </ActionForm>
      ) : (
        <p>{t('auth.noPasswordYet')}</p>
      )}
    </section>
  )
}
