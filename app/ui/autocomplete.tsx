// Lint: the ARIA 1.2 combobox pattern puts role="listbox"/"option" on list elements and keeps
// focus in the input (aria-activedescendant); biome.json relaxes three a11y rules for this file.
import { useEffect, useId, useRef, useState } from 'react'
import type { AutocompleteRouteId } from '~/api/area-routes/reference'
import { t } from '~/i18n/pt-BR'
import { useHydrationLayoutEffect } from '~/lib/layout-effect'
import { labelText, renderSafeLabel } from '~/lib/safe-label'
import { call } from '~/ui/call'

/** Spec §3 and §7: what the autocomplete endpoints answer. */
export type AutocompleteItem = { label: string; inputLabel: string; value: string | number; slug: string }

/** Spec §5, §9: autocompletes start at 2 characters. */
export const AUTOCOMPLETE_MIN_CHARS = 2
const DEBOUNCE_MS = 250

/** The registry's autocompletes: the reference lists, and the communities a writer may publish to. */
type AutocompleteRoute = { id: AutocompleteRouteId | 'articleCommunities'; method: 'get'; path: string }

/** The registry's autocomplete: its typed list, or none when the call failed. */
async function ask(endpoint: AutocompleteRoute, param: string, term: string): Promise<AutocompleteItem[]> {
  const outcome = await call(endpoint, { [param]: term })
  return outcome.ok ? outcome.body : []
}

/** The development gallery's stand-in list (`/__dev/galeria/*`, not an endpoint of the site). */
async function askUrl(url: string, param: string, term: string): Promise<AutocompleteItem[]> {
  try {
    const sep = url.includes('?') ? '&' : '?'
    const response = await fetch(`${url}${sep}${param}=${encodeURIComponent(term)}`, {
      headers: { Accept: 'application/json' },
    })
    const body: unknown = await response.json()
    return Array.isArray(body) ? body : []
  } catch {
    return []
  }
}

/**
 * An ARIA 1.2 combobox fed by a GET endpoint (`?{param}=text`). The chosen item's `value` goes
 * in a hidden field named `name`; its `inputLabel` goes in the visible input.
 */
export function Autocomplete({
  name,
  label,
  endpoint,
  url,
  param,
  onSelect,
  onType,
  defaultItem,
  readOnly = false,
  inputName,
  describedBy,
  invalid = false,
}: {
  name: string
  label: string
  /** The registry's autocomplete it asks (app/api/area-routes/reference.ts, decisions/0070). */
  endpoint?: AutocompleteRoute
  /** Only the development gallery's stand-in (`/__dev/galeria/*`); the site's fields take `endpoint`. */
  url?: string
  param: string
  onSelect?: (item: AutocompleteItem | null) => void
  /** The reader typed (also before hydration): what they type is theirs, nothing fills over it. */
  onType?: (text: string) => void
  defaultItem?: AutocompleteItem | null
  readOnly?: boolean
  /** Name of the visible text input, so the typed text is sent too (forms that work without JS). */
  inputName?: string
  describedBy?: string
  invalid?: boolean
}) {
  const id = useId()
  const [text, setText] = useState(defaultItem?.inputLabel ?? '')
  const [selected, setSelected] = useState<AutocompleteItem | null>(defaultItem ?? null)
  const [items, setItems] = useState<AutocompleteItem[] | null>(null)
  const [active, setActive] = useState(-1)
  const [open, setOpen] = useState(false)
  const request = useRef(0)
  const input = useRef<HTMLInputElement>(null)

  // Typed before the page hydrated (decisions/0040): React keeps the field's text. The state
  // follows it as if typed now, so the list opens and an earlier choice no longer stands.
  // In the hydration's commit, before a later render could write the older text back (decisions/0056).
  useHydrationLayoutEffect(() => {
    const node = input.current
    if (!node || node.value === text) return
    setText(node.value)
    setOpen(node === document.activeElement)
    onType?.(node.value)
    if (selected) {
      setSelected(null)
      onSelect?.(null)
    }
  }, [])

  useEffect(() => {
    if (!open || text.trim().length < AUTOCOMPLETE_MIN_CHARS || selected?.inputLabel === text) return
    const ticket = ++request.current
    const timer = setTimeout(async () => {
      const found = endpoint
        ? await ask(endpoint, param, text.trim())
        : await askUrl(url ?? '', param, text.trim())
      if (ticket === request.current) {
        setItems(found)
        setActive(-1)
      }
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, open, endpoint, url, param, selected])

  const choose = (item: AutocompleteItem) => {
    setSelected(item)
    setText(item.inputLabel || labelText(item.label))
    setOpen(false)
    setItems(null)
    onSelect?.(item)
  }

  const showList = open && text.trim().length >= AUTOCOMPLETE_MIN_CHARS && items !== null
  const listId = `${id}-lista`

  return (
    <div className="field autocomplete">
      <label htmlFor={`${id}-texto`}>{label}</label>
      <input
        id={`${id}-texto`}
        ref={input}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${id}-opcao-${active}` : undefined}
        name={inputName}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        readOnly={readOnly}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          onType?.(event.target.value)
          if (selected) {
            setSelected(null)
            onSelect?.(null)
          }
          if (event.target.value.trim().length < AUTOCOMPLETE_MIN_CHARS) setItems(null)
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (!showList || !items) return
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setActive((a) => Math.min(a + 1, items.length - 1))
          } else if (event.key === 'ArrowUp') {
            event.preventDefault()
            setActive((a) => Math.max(a - 1, 0))
          } else if (event.key === 'Enter' && active >= 0 && items[active]) {
            event.preventDefault()
            choose(items[active])
          } else if (event.key === 'Escape') {
            setOpen(false)
          }
        }}
      />
      <input type="hidden" name={name} value={selected ? String(selected.value) : ''} />
      {showList ? (
        <ul id={listId} role="listbox" className="autocomplete__list" aria-label={label}>
          {items.length === 0 ? (
            <li className="autocomplete__empty" role="option" aria-disabled="true" aria-selected="false">
              {t('autocomplete.empty')}
            </li>
          ) : (
            items.map((item, i) => (
              <li
                key={`${item.value}`}
                id={`${id}-opcao-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(event) => {
                  event.preventDefault()
                  choose(item)
                }}
              >
                {renderSafeLabel(item.label)}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  )
}
