import { useEffect, useId, useRef, useState } from 'react'
import { referenceRoutes } from '~/api/area-routes/reference'
import {
  CITY_STORAGE_KEY,
  type CityRef,
  cityFromItem,
  cityInputLabel,
  parseCityRef,
} from '~/domain/reference/city-ref'
import { t } from '~/i18n/pt-BR'
import { Autocomplete, type AutocompleteItem } from '~/ui/autocomplete'
import { call } from '~/ui/call'

function readStoredCity(): CityRef | null {
  try {
    const raw = window.localStorage.getItem(CITY_STORAGE_KEY)
    return raw ? parseCityRef(JSON.parse(raw)) : null
  } catch {
    return null
  }
}

function storeCity(city: CityRef) {
  try {
    window.localStorage.setItem(CITY_STORAGE_KEY, JSON.stringify(city))
  } catch {
    // Private mode or a full storage: the field still works, it just is not remembered.
  }
}

/** The city of the reader's address (spec §7 "City by IP"), or none. */
async function fetchCityByIp(signal: AbortSignal): Promise<CityRef | null> {
  const outcome = await call(referenceRoutes.cityByIp, {}, { signal })
  return outcome.ok && outcome.body.status === 'success' ? outcome.body.cidade : null
}

function toItem(city: CityRef): AutocompleteItem {
  return { label: cityInputLabel(city), inputLabel: cityInputLabel(city), value: city.id, slug: '' }
}

/**
 * The city field (spec §4 "City field"). The visible input is `{name}_nome` and a hidden input
 * `{name}` carries the IBGE code. Once hydrated it fills itself from `localStorage['cidade']`, or
 * else from the city by IP (and keeps that answer); a loaded or picked city makes the input
 * read-only with an "Alterar cidade" button that empties it for typing again. Without JavaScript
 * it is a plain text input: the server reads "Cidade/UF" with `resolveCityInput`.
 */
export function CityField({
  name = 'cidade',
  label = t('city.label'),
  defaultCity = null,
  detect = true,
  error,
  onChange,
}: {
  name?: string
  label?: string
  /** A city the server already knows (e.g. the profile's): wins over the browser's memory. */
  defaultCity?: CityRef | null
  /** Fill from the browser's memory or the IP address when there is no default city. */
  detect?: boolean
  /** A validation message, e.g. t('city.required'), shown under the field. */
  error?: string
  onChange?: (city: CityRef | null) => void
}) {
  const id = useId()
  const [city, setCity] = useState<CityRef | null>(defaultCity)
  // Remounts the autocomplete when the city is set from outside it (storage, IP, reset).
  const [version, setVersion] = useState(0)
  const wrapper = useRef<HTMLDivElement>(null)
  const focusAfterReset = useRef(false)
  const touched = useRef(false)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  // A remembered or detected city only fills a field the reader has not typed in: text typed
  // before hydration (decisions/0040) or while the IP answer was on its way is theirs. A field
  // they are in is theirs too: the press that hydrated the page may come just before the typing.
  const typedByReader = () => {
    const input = wrapper.current?.querySelector<HTMLInputElement>('input[role="combobox"]')
    return touched.current || !!input?.value.trim() || (!!input && input === document.activeElement)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: typedByReader reads refs only
  useEffect(() => {
    if (defaultCity || !detect || typedByReader()) return
    const stored = readStoredCity()
    if (stored) {
      setCity(stored)
      setVersion((v) => v + 1)
      onChangeRef.current?.(stored)
      return
    }
    const controller = new AbortController()
    fetchCityByIp(controller.signal).then((found) => {
      // A person who already started typing keeps what they typed.
      if (!found || controller.signal.aborted || typedByReader()) return
      storeCity(found)
      setCity(found)
      setVersion((v) => v + 1)
      onChangeRef.current?.(found)
    })
    return () => controller.abort()
  }, [defaultCity, detect])

  // After "Alterar cidade" the new, empty input gets the focus (runs after every render, acts once).
  useEffect(() => {
    if (!focusAfterReset.current) return
    focusAfterReset.current = false
    wrapper.current?.querySelector<HTMLInputElement>('input[role="combobox"]')?.focus()
  })

  const pick = (item: AutocompleteItem | null) => {
    touched.current = true
    const chosen = item ? cityFromItem(item) : null
    if (chosen) storeCity(chosen)
    setCity(chosen)
    onChange?.(chosen)
  }

  const reset = () => {
    touched.current = true
    focusAfterReset.current = true
    setCity(null)
    setVersion((v) => v + 1)
    onChange?.(null)
  }

  const hintId = `${id}-dica`
  const errorId = `${id}-erro`
  return (
    <div className="city-field" ref={wrapper} data-city-id={city?.id ?? ''}>
      <Autocomplete
        key={version}
        name={name}
        inputName={`${name}_nome`}
        label={label}
        endpoint={referenceRoutes.cities}
        param="cidade_nome"
        defaultItem={city ? toItem(city) : null}
        readOnly={!!city}
        onSelect={pick}
        onType={() => {
          touched.current = true
        }}
        describedBy={[city ? null : hintId, errorId].filter(Boolean).join(' ')}
        invalid={!!error}
      />
      {city ? (
        <button type="button" className="link-button city-field__change" onClick={reset}>
          {t('city.change')}
        </button>
      ) : (
        <p id={hintId} className="field__hint">
          {t('city.hint')}
        </p>
      )}
      <p id={errorId} className="field__message" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  )
}
