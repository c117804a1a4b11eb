import { t } from '~/i18n/pt-BR'

export type FilterChoices = { oabs: { key: string; label: string }[]; courts: string[] }
export type FilterValues = { oab: string; tribunal: string; processo: string }

/** The same GET form on `/intimacoes` and `/prazos`: by OAB, court and lawsuit. Works without JavaScript. */
export function IntimationFilters({
  action,
  choices,
  values,
}: {
  action: string
  choices: FilterChoices
  values: FilterValues
}) {
  const active = values.oab || values.tribunal || values.processo
  return (
    <form method="get" action={action} className="intimation-filters" aria-label={t('intimations.filters')}>
      <div className="field">
        <label htmlFor="filtro-oab">{t('intimations.filter.oab')}</label>
        <select id="filtro-oab" name="oab" defaultValue={values.oab}>
          <option value="">{t('intimations.filter.any')}</option>
          {choices.oabs.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filtro-tribunal">{t('intimations.filter.court')}</label>
        <select id="filtro-tribunal" name="tribunal" defaultValue={values.tribunal}>
          <option value="">{t('intimations.filter.anyCourt')}</option>
          {choices.courts.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filtro-processo">{t('intimations.filter.lawsuit')}</label>
        <input
          id="filtro-processo"
          name="processo"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0000000-00.0000.0.00.0000"
          defaultValue={values.processo}
        />
      </div>
      <div className="intimation-filters__actions">
        <button type="submit" className="button button--secondary">
          {t('intimations.filter.apply')}
        </button>
        {active ? <a href={action}>{t('intimations.filter.clear')}</a> : null}
      </div>
    </form>
  )
}
