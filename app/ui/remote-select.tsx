import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { SelectRouteId } from '~/api/area-routes/reference'
import { t } from '~/i18n/pt-BR'
import { call } from '~/ui/call'

/** Spec §7: a select fed by a URL answers `{ results, pagination: { more } }`. */
export type RemoteOption = { id: string | number; text: string }
export type RemotePage = { results: RemoteOption[]; pagination: { more: boolean } }

/**
 * Reads a select page, or an autocomplete list (`[{label, inputLabel, value, slug}]`, spec §3)
 * as one page without more: the profession select can use the CBO titles' autocomplete.
 */
export function toRemotePage(body: unknown): RemotePage {
  if (Array.isArray(body)) {
    const results = body
      .filter(
        (item): item is { value: string | number; inputLabel?: string; label?: string } =>
          item && typeof item === 'object' && 'value' in item,
      )
      .map((item) => ({ id: item.value, text: String(item.inputLabel || item.label || item.value) }))
    return { results, pagination: { more: false } }
  }
  const page = body as Partial<RemotePage> | null
  return {
    results: Array.isArray(page?.results) ? page.results : [],
    pagination: { more: !!page?.pagination?.more },
  }
}

/** A page from the registry's select or autocomplete; a failed call is an empty last page. */
async function askPage(
  endpoint: { id: SelectRouteId; method: 'get'; path: string },
  query: Record<string, string>,
): Promise<RemotePage> {
  const outcome = await call(endpoint, query)
  return toRemotePage(outcome.ok ? outcome.body : null)
}

/** A page from a URL off the registry (the development gallery's options). */
async function askUrl(url: string, termParam: string, search: string, page: number): Promise<RemotePage> {
  const sep = url.includes('?') ? '&' : '?'
  const response = await fetch(`${url}${sep}${termParam}=${encodeURIComponent(search)}&page=${page}`, {
    headers: { Accept: 'application/json' },
  })
  return toRemotePage(await response.json())
}

/** The 'Outra' option value (spec §3: profession `outra`). */
export const OTHER_VALUE = 'outra'

/**
 * A searchable select whose options come page by page from `url?{term|q}=…&page=N`. With
 * `allowOther`, an 'Outra' option always matches what was typed (spec §8).
 */
export function RemoteSelect({
  name,
  label,
  endpoint,
  url,
  placeholder,
  termParam = 'term',
  allowOther = false,
  defaultOption = null,
  defaultOtherText = '',
  selectedText,
  onChange,
}: {
  name: string
  label: string
  /** The registry's select or autocomplete it reads (app/api/area-routes/reference.ts, decisions/0070). */
  endpoint?: { id: SelectRouteId; method: 'get'; path: string }
  /** A URL off the registry: only the development gallery's (`/__dev/galeria/opcoes`). */
  url?: string
  placeholder: string
  /** `term` or `q` for select endpoints; an autocomplete endpoint's own name (e.g. `titulo`). */
  termParam?: string
  allowOther?: boolean
  /** The value already saved (e.g. the user's current profession). */
  defaultOption?: RemoteOption | null
  /** With an 'Outra' value saved: the text that goes with it (`{name}_outra`). */
  defaultOtherText?: string
  /** Shows the chosen value in another wording (the profession in the form the user chose). */
  selectedText?: string
  onChange?: (option: RemoteOption | null) => void
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [term, setTerm] = useState('')
  const [options, setOptions] = useState<RemoteOption[]>([])
  const [page, setPage] = useState(1)
  const [more, setMore] = useState(false)
  const [loading, setLoading] = useState(false)
  const [selected, setSelected] = useState<RemoteOption | null>(defaultOption)
  // The text sent with 'Outra' is the one chosen, not whatever is typed in the search box later.
  const [otherText, setOtherText] = useState(defaultOtherText)
  const ticket = useRef(0)
  const wrapper = useRef<HTMLDivElement>(null)

  const load = useCallback(
    async (nextPage: number, search: string) => {
      const mine = ++ticket.current
      setLoading(true)
      try {
        const body = endpoint
          ? await askPage(endpoint, { [termParam]: search, page: String(nextPage) })
          : await askUrl(url ?? '', termParam, search, nextPage)
        if (mine !== ticket.current) return
        setOptions((current) => (nextPage === 1 ? body.results : [...current, ...body.results]))
        setMore(body.pagination.more)
        setPage(nextPage)
      } catch {
        if (mine === ticket.current) setMore(false)
      } finally {
        if (mine === ticket.current) setLoading(false)
      }
    },
    [endpoint, url, termParam],
  )

  useEffect(() => {
    if (!open) return
    const timer = setTimeout(() => void load(1, term), 250)
    return () => clearTimeout(timer)
  }, [open, term, load])

  useEffect(() => {
    if (!open) return
    const onClick = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onClick)
    return () => document.removeEventListener('mousedown', onClick)
  }, [open])

  const choose = (option: RemoteOption | null) => {
    setSelected(option)
    if (option?.id === OTHER_VALUE) setOtherText(term.trim())
    setOpen(false)
    onChange?.(option)
  }

  const other: RemoteOption | null =
    allowOther && term.trim() ? { id: OTHER_VALUE, text: `${t('select.other')}: ${term.trim()}` } : null
  const shown = other
    ? [...options, other]
    : allowOther
      ? [...options, { id: OTHER_VALUE, text: t('select.other') }]
      : options

  return (
    <div className="field remote-select" ref={wrapper}>
      <span className="field__label" id={`${id}-rotulo`}>
        {label}
      </span>
      <button
        type="button"
        className="remote-select__button"
        aria-expanded={open}
        aria-labelledby={`${id}-rotulo ${id}-valor`}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${id}-valor`} className={selected ? undefined : 'muted'}>
          {selected ? (selectedText ?? selected.text) : placeholder}
        </span>
      </button>
      <input type="hidden" name={name} value={selected ? String(selected.id) : ''} />
      {selected?.id === OTHER_VALUE ? <input type="hidden" name={`${name}_outra`} value={otherText} /> : null}
      {open ? (
        <div className="remote-select__popup">
          <label className="visually-hidden" htmlFor={`${id}-busca`}>
            {t('select.search')}
          </label>
          <input
            id={`${id}-busca`}
            type="search"
            // biome-ignore lint/a11y/noAutofocus: the popup exists to type in
            autoFocus
            placeholder={t('select.search')}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
          <ul
            aria-labelledby={`${id}-rotulo`}
            className="remote-select__list"
            onScroll={(event) => {
              const list = event.currentTarget
              if (more && !loading && list.scrollTop + list.clientHeight >= list.scrollHeight - 24)
                void load(page + 1, term)
            }}
          >
            {shown.map((option) => (
              <li key={`${option.id}-${option.text}`}>
                <button
                  type="button"
                  aria-pressed={selected?.id === option.id}
                  onClick={() => choose(option)}
                >
                  {option.text}
                </button>
              </li>
            ))}
            {!loading && shown.length === 0 ? <li className="muted">{t('autocomplete.empty')}</li> : null}
            {loading ? <li className="muted">{t('ui.loading')}</li> : null}
          </ul>
          {more && !loading ? (
            <button type="button" className="link-button" onClick={() => void load(page + 1, term)}>
              {t('select.loadMore')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
