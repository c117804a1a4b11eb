import { useNavigate } from '@remix-run/react'
import { type FormEvent, useState } from 'react'
import { CityField } from '~/components/forms/city-field'
import { DIRECTORY_PROFESSIONS } from '~/domain/directory/professions'
import { citySlugOf, DIRECTORY_HOME, directoryPath } from '~/domain/directory/urls'
import type { CityRef } from '~/domain/reference/city-ref'
import { t } from '~/i18n/pt-BR'

export type FilterError = { field: 'profissao' | 'cidade' | null; message: string }

/**
 * The directory's filter bar (spec §2): a GET form to `/profissionais`, whose loader answers a
 * redirect to the URL form of what was chosen, so it works before JavaScript. Once hydrated, a
 * picked city (or none) is turned into that URL here and opened at once; only a city typed
 * without picking it goes through the server, which reads "Cidade/UF".
 */
export function DirectoryFilter({
  profession,
  city,
  detect = false,
  error = null,
}: {
  profession: string | null
  city: CityRef | null
  /** Fill the city from the browser's memory or the IP address (the directory's home only). */
  detect?: boolean
  error?: FilterError | null
}) {
  const navigate = useNavigate()
  const [chosen, setChosen] = useState<CityRef | null>(city)
  const professionError = error?.field === 'profissao' ? error.message : null
  const cityError = error && error.field !== 'profissao' ? error.message : undefined

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const profissao = String(form.get('profissao') ?? '')
    const code = String(form.get('cidade') ?? '')
    const typed = String(form.get('cidade_nome') ?? '').trim()
    if (chosen && code === String(chosen.id)) {
      navigate(directoryPath({ profession: profissao, city: citySlugOf(chosen) }))
    } else if (!code && !typed) {
      navigate(directoryPath({ profession: profissao }))
    } else {
      const query = new URLSearchParams({ profissao, cidade: code, cidade_nome: typed })
      navigate(`${DIRECTORY_HOME}?${query}`)
    }
  }

  return (
    <form
      method="get"
      action={DIRECTORY_HOME}
      className="filters directory-filter"
      aria-label={t('directory.filter.label')}
      onSubmit={submit}
    >
      <div className="field filters__field">
        <label htmlFor="diretorio-profissao">{t('directory.filter.profession')}</label>
        <select
          id="diretorio-profissao"
          name="profissao"
          defaultValue={profession ?? ''}
          aria-invalid={professionError ? true : undefined}
          aria-describedby="diretorio-profissao-erro"
        >
          <option value="">{t('directory.filter.allProfessions')}</option>
          {DIRECTORY_PROFESSIONS.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.plural}
            </option>
          ))}
        </select>
        <p id="diretorio-profissao-erro" className="field__message" aria-live="polite">
          {professionError ?? ''}
        </p>
      </div>
      <div className="filters__field">
        <CityField
          name="cidade"
          label={t('directory.filter.city')}
          defaultCity={city}
          detect={detect}
          error={cityError}
          onChange={setChosen}
        />
      </div>
      <div className="filters__actions">
        <button type="submit" className="button">
          {t('directory.filter.submit')}
        </button>
      </div>
    </form>
  )
}
