import { useState } from 'react'
import { referenceRoutes } from '~/api/area-routes/reference'
import { CityField } from '~/components/forms/city-field'
import type { CityRef } from '~/domain/reference/city-ref'
import { Autocomplete, type AutocompleteItem } from '~/ui/autocomplete'
import { Section } from './section'

/** The city field and the reference autocompletes on their real endpoints (issue 6). */
export function ReferenceSection() {
  const [city, setCity] = useState<CityRef | null>(null)
  const [picked, setPicked] = useState<Record<string, AutocompleteItem | null>>({})
  const show = (key: string) => (item: AutocompleteItem | null) => setPicked((p) => ({ ...p, [key]: item }))
  const chosen = (key: string) => {
    const item = picked[key]
    return item ? `${item.inputLabel} (${item.value})` : '(nenhuma)'
  }
  return (
    <Section id="referencias" title="Cidade e listas de referência">
      <CityField name="cidade" label="Município" onChange={setCity} />
      <p>
        Cidade escolhida:{' '}
        <output data-chosen="cidade-campo">
          {city ? `${city.nome}/${city.uf} (${city.id})` : '(nenhuma)'}
        </output>
      </p>
      <Autocomplete
        name="instituicao"
        label="Instituição de ensino"
        endpoint={referenceRoutes.institutions}
        param="instituicao_nome"
        onSelect={show('instituicao')}
      />
      <p>
        Escolhida: <output data-chosen="instituicao">{chosen('instituicao')}</output>
      </p>
      <Autocomplete
        name="titulo"
        label="Título profissional"
        endpoint={referenceRoutes.occupations}
        param="titulo"
        onSelect={show('titulo')}
      />
      <p>
        Escolhido: <output data-chosen="titulo">{chosen('titulo')}</output>
      </p>
      <Autocomplete
        name="comunidade"
        label="Comunidade"
        endpoint={referenceRoutes.communities}
        param="comunidade_nome"
        onSelect={show('comunidade')}
      />
      <p>
        Escolhida: <output data-chosen="comunidade">{chosen('comunidade')}</output>
      </p>
    </Section>
  )
}
