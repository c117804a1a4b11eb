import { useNavigate } from '@remix-run/react'
import { useFormContext } from 'react-hook-form'
import { routes } from '~/api/routes'
import { CityField } from '~/components/forms/city-field'
import { t } from '~/i18n/pt-BR'
import { MONITORING_SOURCES, nameMonitoringSchema } from '~/schemas/monitoring'
import { UFS } from '~/schemas/ufs'
import { TextField } from '~/ui/field'
import { ActionForm } from '~/ui/form-action'
import { SubmitButton } from '~/ui/submit-button'

export type NameFormDefaults = {
  tipo: 'nome' | 'termo'
  termo: string
  modo: 'exato' | 'todas'
  fontes: string[]
  origem_criacao: string
  campaign_id: string
  ref: string
}

function Choice({ name, legend, options }: { name: string; legend: string; options: [string, string][] }) {
  const { register, formState } = useFormContext()
  const message = formState.errors[name]?.message as string | undefined
  // Drawn checked by the server too: the form works before JavaScript.
  const initial = formState.defaultValues?.[name]
  return (
    <fieldset className={`field choice${message ? ' field--invalid' : ''}`}>
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className="choice__option">
          <input type="radio" value={value} defaultChecked={initial === value} {...register(name)} /> {label}
        </label>
      ))}
      <p className="field__message" aria-live="polite">
        {message ?? ''}
      </p>
    </fieldset>
  )
}

function Sources() {
  const { register, formState } = useFormContext()
  const message = formState.errors.fontes?.message as string | undefined
  const initial = (formState.defaultValues?.fontes ?? []) as string[]
  return (
    <fieldset className={`field choice${message ? ' field--invalid' : ''}`}>
      <legend>{t('monitoring.form.sources')}</legend>
      {MONITORING_SOURCES.map((source) => (
        <label key={source} className="choice__option">
          <input
            type="checkbox"
            value={source}
            defaultChecked={initial.includes(source)}
            {...register('fontes')}
          />{' '}
          {t(`monitoring.form.source.${source}`)}
        </label>
      ))}
      <p className="field__message" aria-live="polite">
        {message ?? ''}
      </p>
    </fieldset>
  )
}

function UfSelect() {
  const { register } = useFormContext()
  return (
    <div className="field">
      <label htmlFor="monitoramento-uf">{t('monitoring.form.uf')}</label>
      <select id="monitoramento-uf" {...register('uf')}>
        <option value="">{t('monitoring.form.anyUf')}</option>
        {UFS.map((uf) => (
          <option key={uf} value={uf}>
            {uf}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The campaign-29 form (spec §2, §7 "Name monitoring"): opened by GET already filled from the
 * button that led here; the filters tell homonyms apart (decisions/0031). Without JavaScript it
 * posts to the same route and lands on the new monitoring.
 */
export function NameMonitoringForm({ defaults }: { defaults: NameFormDefaults }) {
  const navigate = useNavigate()
  return (
    <ActionForm
      endpoint={routes.nameMonitoring}
      schema={nameMonitoringSchema}
      defaultValues={defaults}
      resetOnSuccess={false}
      successMessage={t('monitoring.created')}
      label={t('monitoring.form.title')}
      onSuccess={(body) => {
        if (typeof body.redirect_url === 'string') navigate(body.redirect_url)
      }}
    >
      {({ submitting }) => (
        <>
          <input type="hidden" name="origem_criacao" value={defaults.origem_criacao} />
          <input type="hidden" name="campaign_id" value={defaults.campaign_id} />
          <input type="hidden" name="ref" value={defaults.ref} />
          <Choice
            name="tipo"
            legend={t('monitoring.form.kind')}
            options={[
              ['nome', t('monitoring.form.kind.nome')],
              ['termo', t('monitoring.form.kind.termo')],
            ]}
          />
          <TextField name="termo" label={t('monitoring.form.term')} autoComplete="off" maxLength={120} />
          <Choice
            name="modo"
            legend={t('monitoring.form.mode')}
            options={[
              ['exato', t('monitoring.form.mode.exato')],
              ['todas', t('monitoring.form.mode.todas')],
            ]}
          />
          <fieldset className="monitoring-filters">
            <legend>{t('monitoring.form.filters')}</legend>
            <p className="field__hint">{t('monitoring.form.filtersHelp')}</p>
            <p className="field__hint">{t('monitoring.form.placesHelp')}</p>
            <UfSelect />
            <CityField name="cidade" label={t('monitoring.form.city')} detect={false} />
            <TextField name="oab" label={t('monitoring.form.oab')} inputMode="numeric" maxLength={20} />
            <TextField
              name="documento"
              label={t('monitoring.form.taxId')}
              inputMode="numeric"
              maxLength={20}
            />
            <TextField name="coparte" label={t('monitoring.form.coParty')} maxLength={120} />
          </fieldset>
          <Sources />
          <SubmitButton submitting={submitting}>
            {submitting ? t('monitoring.form.submitting') : t('monitoring.form.submit')}
          </SubmitButton>
        </>
      )}
    </ActionForm>
  )
}
