import { type FormEvent, useEffect, useRef, useState } from 'react'
import { routes } from '~/api/routes'
import { normalizeForMatch, SUGGESTION_MIN_LENGTH } from '~/domain/suggestion-lists/keys'
import { t } from '~/i18n/pt-BR'
import { useHydrationLayoutEffect } from '~/lib/layout-effect'
import { addToHistory, HISTORY_KEY, type HistoryEntry, readHistory } from '~/lib/search-history'
import { getFormTarget, tabStorage, takeSubmitLock } from '~/lib/submit-lock'
import { call } from '~/ui/call'

/** Search categories and their codes (spec §3). `jr` and `leis` have their own routes (spec §2). */
export const SEARCH_CATEGORIES = ['t', 'p', 'i', 'd', 'en', 'jr', 'leis'] as const
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number]

/** Spec §9: suggestions debounce 300 ms, only for `t` and `en` (the 3 s lock: lib/submit-lock). */
export const SUGGESTION_DEBOUNCE_MS = 300
const SUGGESTING: readonly SearchCategory[] = ['t', 'en']

function actionFor(category: SearchCategory): string {
  return category === 'jr' ? '/jurisprudencia/busca' : category === 'leis' ? '/legislacao/busca' : '/busca'
}

function hrefFor(entry: HistoryEntry): string {
  const category = entry.form.filter.value as SearchCategory
  const params = new URLSearchParams({ q: entry.form.search.value })
  if (category !== 'jr' && category !== 'leis') params.set('qo', category)
  return `${actionFor(category)}?${params}`
}

/**
 * The search box (spec §2–§4, §7): a plain GET form that works before JavaScript, enhanced with
 * suggestions, the recent-search history, the empty-submit focus and the 3 s resubmit lock.
 * On the case-law route the category field is disabled (spec §2).
 */
export function SearchForm({
  mainOrigin,
  id,
  defaultQuery = '',
  defaultCategory = 't',
}: {
  mainOrigin: string
  id: string
  defaultQuery?: string
  defaultCategory?: SearchCategory
}) {
  const [category, setCategory] = useState<SearchCategory>(defaultCategory)
  const [query, setQuery] = useState(defaultQuery)
  const [suggestions, setSuggestions] = useState<string[]>([])
  const suggestionsRef = useRef(suggestions)
  suggestionsRef.current = suggestions
  const [history, setHistory] = useState<HistoryEntry[]>([])
  const [focused, setFocused] = useState(false)
  const [active, setActive] = useState(-1)
  const input = useRef<HTMLInputElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const lockedCategory = defaultCategory === 'jr'

  useEffect(() => setHistory(readHistory(window.localStorage)), [])
  // Typed or chosen before the page hydrated (decisions/0040, 0056): the fields keep what the reader
  // did (the text field is uncontrolled, so React never writes it back); the state follows them.
  // In the hydration's commit, before a later render could write an older category back.
  useHydrationLayoutEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined && typed !== query) setQuery(typed)
    const chosen = form.current?.querySelector('select')?.value as SearchCategory | undefined
    if (chosen && chosen !== category && SEARCH_CATEGORIES.includes(chosen)) setCategory(chosen)
  }, [])

  useEffect(() => {
    const typed = normalizeForMatch(query)
    if (!focused || !SUGGESTING.includes(category) || typed.length < SUGGESTION_MIN_LENGTH) {
      setSuggestions([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      const outcome = await call(
        routes.suggestions,
        { termo: query },
        { origin: mainOrigin, signal: controller.signal },
      )
      if (controller.signal.aborted) return // a newer text asks for its own
      if (!outcome.ok) {
        setSuggestions([])
        return
      }
      // Spec §7: a suggestion is shown only if it starts with what was typed.
      const next = outcome.body.filter((s) => normalizeForMatch(s).startsWith(typed))
      // The same list again (the bootstrap's, taken over) keeps the option the reader is on.
      const shown = suggestionsRef.current
      if (shown.length === next.length && shown.every((s, i) => s === next[i])) return
      setSuggestions(next)
      setActive(-1)
    }, SUGGESTION_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, category, focused, mainOrigin])

  // A navigation in the app to another search (a new `q`) puts its text in the box.
  const shownDefault = useRef(defaultQuery)
  useEffect(() => {
    if (defaultQuery === shownDefault.current) return
    shownDefault.current = defaultQuery
    if (input.current) input.current.value = defaultQuery
    setQuery(defaultQuery)
  }, [defaultQuery])

  // The bootstrap's suggestions for what is in the box (decisions/0056): shown at once, declared after
  // the effect above so that its first run (not focused yet) does not clear them.
  useEffect(() => {
    const seeded = (window as { __sugestoes?: { termo: string; lista: string[] } }).__sugestoes
    if (!seeded || !input.current || seeded.termo !== input.current.value) return
    if (document.activeElement !== input.current) return
    setFocused(true)
    setSuggestions(seeded.lista)
  }, [])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const q = (input.current?.value ?? query).trim()
    if (!q) {
      event.preventDefault()
      input.current?.focus()
      return
    }
    const here = window.location.href.split('#')[0] ?? ''
    if (!takeSubmitLock(Date.now(), tabStorage(), here, getFormTarget(event.currentTarget))) {
      event.preventDefault()
      return
    }
    const label = t(`search.category.${category}`)
    const next = addToHistory(readHistory(window.localStorage), { q, qo: category, label }, Date.now())
    window.localStorage.setItem(HISTORY_KEY, JSON.stringify(next))
    setHistory(next)
    setSuggestions([])
  }

  const choose = (suggestion: string) => {
    setQuery(suggestion)
    if (input.current) input.current.value = suggestion
    setSuggestions([])
    form.current?.requestSubmit()
  }

  const listId = `${id}-sugestoes`
  const showSuggestions = focused && suggestions.length > 0
  const showHistory = focused && !query.trim() && history.length > 0

  return (
    <form
      ref={form}
      className="search-form"
      method="get"
      action={`${mainOrigin}${actionFor(category)}`}
      aria-label={t('search.submit')}
      // Read by the bootstrap of a page the edge keeps (decisions/0056): suggestions and the
      // empty-submit focus before the application arrives.
      data-suggest={`${mainOrigin}${routes.suggestions.path}`}
      data-suggest-label={t('search.suggestions')}
      onSubmit={onSubmit}
    >
      <label className="visually-hidden" htmlFor={`${id}-qo`}>
        {t('search.category')}
      </label>
      <select
        id={`${id}-qo`}
        // jr and leis have their own routes: no `qo` in their URL (spec §2).
        name={category === 'jr' || category === 'leis' ? undefined : 'qo'}
        value={category}
        disabled={lockedCategory}
        onChange={(event) => setCategory(event.target.value as SearchCategory)}
      >
        {SEARCH_CATEGORIES.map((code) => (
          <option key={code} value={code}>
            {t(`search.category.${code}`)}
          </option>
        ))}
      </select>
      <div className="search-form__field">
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          {t('search.label')}
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          name="q"
          type="search"
          role="combobox"
          aria-expanded={showSuggestions}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showSuggestions && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          maxLength={1000}
          // Uncontrolled: a re-render while hydrating must never write back an older text over
          // what the reader is typing (issue 28 §3: "silvaa" for "silvasouza").
          defaultValue={defaultQuery}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setTimeout(() => setFocused(false), 150)}
          onKeyDown={(event) => {
            if (!showSuggestions) return
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              setActive((a) => Math.min(a + 1, suggestions.length - 1))
            } else if (event.key === 'ArrowUp') {
              event.preventDefault()
              setActive((a) => Math.max(a - 1, 0))
            } else if (event.key === 'Enter' && active >= 0 && suggestions[active]) {
              event.preventDefault()
              choose(suggestions[active])
            } else if (event.key === 'Escape') {
              setSuggestions([])
            }
          }}
        />
        {showSuggestions ? (
          <ul id={listId} role="listbox" className="search-form__popup" aria-label={t('search.suggestions')}>
            {suggestions.map((s, i) => (
              <li
                key={s}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'is-active' : undefined}
                onMouseDown={(event) => {
                  event.preventDefault()
                  choose(s)
                }}
              >
                {s}
              </li>
            ))}
          </ul>
        ) : null}
        {showHistory ? (
          <nav className="search-form__popup" aria-label={t('search.history')}>
            <ul>
              {history.map((entry) => (
                <li key={entry.createdAt}>
                  <a href={`${mainOrigin}${hrefFor(entry)}`}>
                    {entry.form.search.value} <span className="muted">· {entry.form.filter.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <button type="submit">{t('search.submit')}</button>
    </form>
  )
}
