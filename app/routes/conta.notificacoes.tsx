import type { LoaderFunctionArgs } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { useFormContext } from 'react-hook-form'
import { routes } from '~/api/routes'
import { AccountTab } from '~/components/account/account-tab'
import { EMAIL_GROUPS, EMAIL_MODES, type EmailGroup } from '~/domain/notifications/email-groups'
import { getEmailPreferences } from '~/domain/notifications/email-preferences.server'
import { t } from '~/i18n/pt-BR'
import { emailPreferencesSchema } from '~/schemas/notifications'
import { requireUser } from '~/server/guards.server'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  return { preferences: await getEmailPreferences(context.deps, user.id) }
}

/** One group's choice: three radio buttons in a fieldset (they work without JavaScript). */
function ModeChoice({ group, current }: { group: EmailGroup; current: string }) {
  const { register } = useFormContext()
  return (
    <fieldset className="field email-prefs__group">
      <legend>{t(`emailPrefs.group.${group}`)}</legend>
      {EMAIL_MODES.map((mode) => (
        <label key={mode} className="email-prefs__option">
          {/* Drawn checked by the server too, so the form posted before JavaScript keeps the choice. */}
          <input type="radio" value={mode} defaultChecked={current === mode} {...register(group)} />
          {t(`emailPrefs.mode.${mode}`)}
        </label>
      ))}
    </fieldset>
  )
}

/** Conta › Notificações: how each group of notifications reaches the e-mail (issue 15). */
export default function NotificationPreferencesTab() {
  const { preferences } = useLoaderData<typeof loader>()
  return (
    <AccountTab id="aba-notificacoes" title={t('emailPrefs.title')}>
      <p>{t('emailPrefs.intro')}</p>
      <ActionForm
        endpoint={routes.emailPreferences}
        schema={emailPreferencesSchema}
        defaultValues={preferences}
        resetOnSuccess={false}
        successMessage={t('emailPrefs.saved')}
        label={t('emailPrefs.title')}
      >
        {({ submitting }) => (
          <>
            {EMAIL_GROUPS.map((group) => (
              <ModeChoice key={group} group={group} current={preferences[group]} />
            ))}
            <SubmitButton submitting={submitting}>{t('emailPrefs.save')}</SubmitButton>
          </>
        )}
      </ActionForm>
    </AccountTab>
  )
}
