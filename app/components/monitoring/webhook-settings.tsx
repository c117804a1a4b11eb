import { useRevalidator } from '@remix-run/react'
import { t } from '~/i18n/pt-BR'
import { webhookSchema } from '~/schemas/monitoring'
import { z } from '~/schemas/zod'
import { TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'
import { type DeliveryView, WebhookDeliveries } from './webhook-deliveries'

export type WebhookView = {
  hook: { url: string; secret: string } | null
  deliveries: DeliveryView[]
}

const empty = z.object({})

/** The user's webhook: address, signing secret, "Enviar um teste" and the latest deliveries with their state. */
export function WebhookSettings({ view }: { view: WebhookView }) {
  const revalidator = useRevalidator()
  const refresh = () => revalidator.revalidate()
  return (
    <section id="webhook" aria-labelledby="webhook-titulo" className="webhook">
      <h2 id="webhook-titulo">{t('webhook.title')}</h2>
      <p>{t('webhook.intro')}</p>
      <ActionForm
        action="/ajax/monitoramentos/webhook"
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
              action="/ajax/monitoramentos/webhook/teste"
              schema={empty}
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
              action="/ajax/monitoramentos/webhook/excluir"
              schema={empty}
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
