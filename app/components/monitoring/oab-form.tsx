import { useRevalidator } from '@remix-run/react'
import { intimationRoutes } from '~/api/area-routes/intimations'
import { t } from '~/i18n/pt-BR'
import { UFS } from '~/schemas/ufs'
import { LightForm } from '~/ui/light-form'
import { SubmitButton } from '~/ui/submit-button'

const oabSchema = () => import('~/schemas/monitoring').then((m) => m.oabMonitoringSchema)

/**
 * "Monitorar OAB" (issue 41): the number as the lawyer writes it and its UF; each inscription
 * (a suplementar one too) is a monitoring of its own. Works without JavaScript.
 */
export function OabMonitoringForm() {
  const revalidator = useRevalidator()
  return (
    <section id="monitorar-oab" aria-labelledby="monitorar-oab-titulo" className="oab-monitoring">
      <h2 id="monitorar-oab-titulo">{t('monitoring.oab.title')}</h2>
      <p>{t('monitoring.oab.intro')}</p>
      <LightForm
        endpoint={intimationRoutes.oabMonitoring}
        loadSchema={oabSchema}
        label={t('monitoring.oab.title')}
        successMessage={t('monitoring.oab.added')}
        onSuccess={() => revalidator.revalidate()}
      >
        {({ submitting, messages, initial }) => (
          <div className="oab-monitoring__fields">
            <div className={`field${messages.numero ? ' field--invalid' : ''}`}>
              <label htmlFor="oab-numero">{t('monitoring.oab.number')}</label>
              <input
                id="oab-numero"
                name="numero"
                autoComplete="off"
                inputMode="text"
                maxLength={30}
                defaultValue={initial.numero ?? ''}
                aria-invalid={messages.numero ? true : undefined}
                aria-describedby="oab-numero-mensagem"
              />
              <p id="oab-numero-mensagem" className="field__message" aria-live="polite">
                {messages.numero ?? ''}
              </p>
            </div>
            <div className={`field${messages.uf ? ' field--invalid' : ''}`}>
              <label htmlFor="oab-uf">{t('monitoring.oab.uf')}</label>
              <select
                id="oab-uf"
                name="uf"
                defaultValue={initial.uf ?? ''}
                aria-invalid={messages.uf ? true : undefined}
                aria-describedby="oab-uf-mensagem"
              >
                <option value="">{t('monitoring.oab.pickUf')}</option>
                {UFS.map((uf) => (
                  <option key={uf} value={uf}>
                    {uf}
                  </option>
                ))}
              </select>
              <p id="oab-uf-mensagem" className="field__message" aria-live="polite">
                {messages.uf ?? ''}
              </p>
            </div>
            <SubmitButton submitting={submitting}>{t('monitoring.oab.submit')}</SubmitButton>
          </div>
        )}
      </LightForm>
    </section>
  )
}
