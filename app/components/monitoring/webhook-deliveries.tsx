import { routes } from '~/api/routes'
import { t } from '~/i18n/pt-BR'
import { emptyFormSchema } from '~/schemas/monitoring'
import { routePath } from '~/ui/call'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export type DeliveryView = {
  id: number
  /** The X-Entrega header: the same on every attempt of this delivery. */
  key: string
  event: string
  attempts: number
  state: 'pendente' | 'enviando' | 'entregue' | 'falhou'
  statusCode: number | null
  error: string | null
  ms: number | null
  when: string
  /** When the next attempt is due, formatted (pending deliveries only). */
  nextAt: string | null
}

function stateText(entry: DeliveryView): string {
  switch (entry.state) {
    case 'entregue':
      return `${t('webhook.state.entregue')} · ${t('webhook.ok', { status: entry.statusCode ?? 0, ms: entry.ms ?? 0 })}`
    case 'pendente':
      return entry.attempts === 0
        ? t('webhook.state.enviando')
        : `${t('webhook.state.pendente', { hora: entry.nextAt ?? '' })} · ${entry.error ?? ''}`
    case 'enviando':
      return t('webhook.state.enviando')
    case 'falhou':
      return t('webhook.failed', { erro: entry.error ?? '' })
  }
}

/** The latest deliveries, each with its state; a failed one offers "Reenviar" (a plain form post). */
export function WebhookDeliveries({
  deliveries,
  onChange,
}: {
  deliveries: DeliveryView[]
  onChange: () => void
}) {
  if (deliveries.length === 0) return <p className="muted">{t('webhook.logEmpty')}</p>
  return (
    <div className="table-scroll">
      <table className="webhook__log">
        <thead>
          <tr>
            <th scope="col">{t('webhook.log.when')}</th>
            <th scope="col">{t('webhook.log.event')}</th>
            <th scope="col">{t('webhook.log.id')}</th>
            <th scope="col">{t('webhook.log.attempt')}</th>
            <th scope="col">{t('webhook.log.state')}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((entry) => (
            <tr key={entry.id} className={`is-${entry.state}`} data-entrega={entry.key}>
              <td>{entry.when}</td>
              <td>{entry.event === 'teste' ? t('webhook.event.teste') : t('webhook.event.ocorrencia')}</td>
              <td>
                <code>{entry.key}</code>
              </td>
              <td>{entry.attempts}</td>
              <td>
                {stateText(entry)}
                {entry.state === 'falhou' ? (
                  <ActionForm
                    action={routePath(routes.webhookResend, { id: entry.id })}
                    schema={emptyFormSchema}
                    resetOnSuccess={false}
                    label={t('webhook.resendLabel', { id: entry.key })}
                    onSuccess={onChange}
                    onFailure={onChange}
                    className="webhook__resend"
                  >
                    {({ submitting }) => (
                      <SubmitButton submitting={submitting} className="button--secondary">
                        {submitting ? t('webhook.resending') : t('webhook.resend')}
                      </SubmitButton>
                    )}
                  </ActionForm>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
