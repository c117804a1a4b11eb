import { useRevalidator } from '@remix-run/react'
import { t } from '~/i18n/pt-BR'
import { webhookSchema } from '~/schemas/monitoring'
import { z } from '~/schemas/zod'
import { TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export type WebhookView = {
  hook: { url: string; secret: string } | null
  log: {
    id: number
    event: string
    attempt: number
    ok: boolean
    statusCode: number | null
    error: string | null
    ms: number | null
    when: string
  }[]
}

const empty = z.object({})

/** The user's webhook: address, signing secret, "Enviar um teste" and the latest deliveries. */
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
          {view.log.length === 0 ? (
            <p className="muted">{t('webhook.logEmpty')}</p>
          ) : (
            <div className="table-scroll">
              <table className="webhook__log">
                <thead>
                  <tr>
                    <th scope="col">{t('webhook.log.when')}</th>
                    <th scope="col">{t('webhook.log.event')}</th>
                    <th scope="col">{t('webhook.log.attempt')}</th>
                    <th scope="col">{t('webhook.log.result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.log.map((entry) => (
                    <tr key={entry.id} className={entry.ok ? 'is-ok' : 'is-failed'}>
                      <td>{entry.when}</td>
                      <td>
                        {entry.event === 'teste' ? t('webhook.event.teste') : t('webhook.event.ocorrencia')}
                      </td>
                      <td>{entry.attempt}</td>
                      <td>
                        {entry.ok
                          ? t('webhook.ok', { status: entry.statusCode ?? 0, ms: entry.ms ?? 0 })
                          : t('webhook.failed', { erro: entry.error ?? '' })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </section>
  )
}
