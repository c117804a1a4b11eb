import { useRevalidator } from '@remix-run/react'
import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { emptyFormSchema, webhookSchema } from '~/schemas/monitoring'
import { TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'
import { type DeliveryView, WebhookDeliveries } from './webhook-deliveries'

export type WebhookView = {
  hook: { url: string; secret: string } | null
  deliveries: DeliveryView[]
}

/** The user's webhook: address, signing secret, "Enviar um teste" and the latest deliveries with their state. */
export function WebhookSettings({ view }: { view: WebhookView }) {
  const revalidator = useRevalidator()
  const refresh = () => revalidator.revalidate()
  return (
    <section id="webhook" aria-labelledby="webhook-titulo" className="webhook">
      <h2 id="webhook-titulo">{t('webhook.title')}</h2>
      <p>{t('webhook.intro')}</p>
      <ActionForm
        endpoint={routes.webhookSave}
        schema={webhookSchema}
        defaultValues={{ url: view.hook?.url ?? '' }}
        resetOnSuccess={false}
        successMessage={t('webhook.saved')}
        label={t('webhook.title')}
        onSuccess={refresh}
      >
        {({ submitting }) => (
          <>
            <TextField name="url" label={t('webhook.url')} type="url" inputMode="url" maxLength={500} />
            <SubmitButton submitting={submitting}>{t('webhook.save')}</SubmitButton>
          </>
        )}
      </ActionForm>
      {view.hook ? (
        <>
          <p>
            {t('webhook.secret')}: <code className="webhook__secret">{view.hook.secret}</code>
          </p>
          <p className="field__hint">{t('webhook.secretHelp')}</p>
          <div className="webhook__actions">
            <ActionForm
              endpoint={routes.webhookTest}
              schema={emptyFormSchema}
              resetOnSuccess={false}
              label={t('webhook.test')}
              onSuccess={refresh}
              onFailure={refresh}
            >
              {({ submitting }) => (
                <SubmitButton submitting={submitting} className="button--secondary">
                  {t('webhook.test')}
                </SubmitButton>
              )}
            </ActionForm>
            <ActionForm
              endpoint={routes.webhookRemove}
              schema={emptyFormSchema}
              resetOnSuccess={false}
              successMessage={t('webhook.removed')}
              label={t('webhook.remove')}
              onSuccess={refresh}
            >
              {({ submitting }) => (
                <SubmitButton submitting={submitting} className="button--secondary">
                  {t('webhook.remove')}
                </SubmitButton>
              )}
            </ActionForm>
          </div>
          <h3>{t('webhook.log')}</h3>
          <p className="field__hint">{t('webhook.deliveryHelp')}</p>
          <WebhookDeliveries deliveries={view.deliveries} onChange={refresh} />
        </>
      ) : null}
    </section>
  )
}
