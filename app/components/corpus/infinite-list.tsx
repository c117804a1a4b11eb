import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { t } from '~/i18n/pt-BR'

/**
 * Spec §9: the next page loads when the reader scrolls past three quarters of
 * (document height − viewport height − 50 px).
 */
export function pastScrollThreshold(
  scrollY: number,
  documentHeight: number,
  viewportHeight: number,
): boolean {
  return scrollY > 0.75 * (documentHeight - viewportHeight - 50)
}

/**
 * The gazette's infinitely scrolling list (spec §4, §7): the next page arrives as an HTML
 * fragment appended to the list; an empty answer removes the button; a failure re-enables it as
 * 'Carregar mais'. Without JavaScript the button is a plain link to the next page.
 */
export function InfiniteList({
  children,
  fragmentUrl,
  nextPageHref,
  page,
  hasMore,
  label,
}: {
  children: ReactNode
  fragmentUrl: string
  nextPageHref: string
  page: number
  hasMore: boolean
  label: string
}) {
  const list = useRef<HTMLOListElement>(null)
  const [current, setCurrent] = useState(page)
  const [more, setMore] = useState(hasMore)
  const [loading, setLoading] = useState(false)
  const busy = useRef(false)

  const loadNext = useCallback(async () => {
    if (busy.current || !more) return
    busy.current = true
    setLoading(true)
    try {
      const response = await fetch(
        `${fragmentUrl}${fragmentUrl.includes('?') ? '&' : '?'}page=${current + 1}`,
        {
          headers: { Accept: 'text/html' },
        },
      )
      if (!response.ok) throw new Error(String(response.status))
      const html = await response.text()
      if (!html.trim()) {
        setMore(false)
      } else {
        // Our own server-rendered markup (React-escaped), appended as the spec's HTML fragment.
        list.current?.insertAdjacentHTML('beforeend', html)
        setCurrent((n) => n + 1)
      }
    } catch {
      // Failure: the button comes back as 'Carregar mais' and can be pressed again.
    } finally {
      busy.current = false
      setLoading(false)
    }
  }, [fragmentUrl, current, more])

  useEffect(() => {
    if (!more) return
    const onScroll = () => {
      const doc = document.documentElement
      if (pastScrollThreshold(window.scrollY, doc.scrollHeight, window.innerHeight)) void loadNext()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    // Scrolled past the point before the application arrived (the bootstrap starts it there,
    // decisions/0056). Only after a scroll: a short list in a tall window loads by its button.
    if (window.scrollY > 0) onScroll()
    return () => window.removeEventListener('scroll', onScroll)
  }, [more, loadNext])

  return (
    <>
      <ol
        ref={list}
        className="gazette-list"
        aria-label={label}
        data-page={current}
        data-infinite={more || undefined}
      >
        {children}
      </ol>
      {more ? (
        <a
          className="button button--secondary load-more"
          href={nextPageHref}
          aria-busy={loading || undefined}
          data-loading={loading || undefined}
          onClick={(event) => {
            event.preventDefault()
            void loadNext()
          }}
        >
          {loading ? t('ui.loading') : t('gazette.loadMore')}
        </a>
      ) : null}
    </>
  )
}
