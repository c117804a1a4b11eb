import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { data } from '@remix-run/cloudflare'
import { useLoaderData, useRevalidator } from '@remix-run/react'
import { profileRoutes } from '~/api/area-routes/profiles'
import { AccountTab } from '~/components/account/account-tab'
import { getProfileForm } from '~/domain/profiles/account.server'
import { t } from '~/i18n/pt-BR'
import { editProfileSchema } from '~/schemas/profile'
import { requireUser } from '~/server/guards.server'
import { TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { MaskedField } from '~/ui/masked-field'
import { SubmitButton } from '~/ui/submit-button'

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const form = await getProfileForm(context.deps, user.id)
  if (!form) throw data(null, { status: 404 })
  return { form }
}

/** Perfil tab: e-mail, name, birth date (spec §5 "Edit profile"), posted to its route (profileRoutes.profileSave). */
export default function ProfileTab() {
  const { form } = useLoaderData<typeof loader>()
  const pending = form.pendingEmail
  const revalidator = useRevalidator()
  return (
    <AccountTab id="aba-perfil" title={t('account.tab.profile')}>
      <ActionForm
        endpoint={profileRoutes.profileSave}
        schema={editProfileSchema}
        defaultValues={form.values}
        resetOnSuccess={false}
        successMessage={t('account.saved')}
        label={t('account.tab.profile')}
        onSuccess={() => revalidator.revalidate()}
      >
        {({ submitting }) => (
          <>
            <TextField name="email" label={t('account.email')} type="email" autoComplete="email" />
            {pending ? (
              <p className="field__hint" role="status">
                {t('account.pendingEmail', { email: pending })}
              </p>
            ) : null}
            <TextField name="nome" label={t('account.name')} autoComplete="name" />
            <MaskedField
              name="data_nascimento"
              label={t('account.birthDate')}
              kind="date"
              hint={t('account.birthDateHint')}
              autoComplete="bday"
            />
            {form.hasPassword ? (
              <TextField
                name="senha"
                label={t('account.currentPassword')}
                hint={t('account.currentPasswordHint')}
                type="password"
                autoComplete="current-password"
              />
            ) : null}
            <SubmitButton submitting={submitting}>{t('account.save')}</SubmitButton>
          </>
        )}
      </ActionForm>
    </AccountTab>
  )
}
