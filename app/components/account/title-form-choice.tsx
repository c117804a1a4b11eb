import { useId } from 'react'
import { feminineTitle, type TitleForm } from '~/domain/reference/occupation-forms'
import { t } from '~/i18n/pt-BR'

/**
 * How the profession reads on the profile: the CBO title or its feminine ("Advogado" or
 * "Advogada"), decisions/0018. Plain radios: they post before JavaScript loads. A title with one
 * form ("Oficial de justiça") offers no choice.
 */
export function TitleFormChoice({
  masculine,
  value,
  onChange,
}: {
  masculine: string
  value: TitleForm
  onChange: (form: TitleForm) => void
}) {
  const id = useId()
  const feminine = feminineTitle(masculine)
  if (!feminine) return null
  const options: [TitleForm, string][] = [
    ['feminino', feminine],
    ['masculino', masculine],
  ]
  return (
    <fieldset className="field choice" aria-describedby={`${id}-dica`}>
      <legend>{t('profession.titleForm')}</legend>
      {options.map(([form, title]) => (
        <label key={form}>
          <input
            type="radio"
            name="ocupacao_forma"
            value={form}
            checked={value === form}
            onChange={() => onChange(form)}
          />{' '}
          {title}
        </label>
      ))}
      <p id={`${id}-dica`} className="field__hint">
        {t('profession.titleFormHint')}
      </p>
    </fieldset>
  )
}
