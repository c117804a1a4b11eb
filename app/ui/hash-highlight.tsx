import { useLocation } from '@remix-run/react'
import { useEffect } from 'react'
import { safeDecode } from '~/lib/paths'

/** Spec §9: the element named by the URL hash is highlighted for 3 s. */
export const HASH_HIGHLIGHT_MS = 3000

export function useHashHighlight() {
  const { hash } = useLocation()
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const highlight = (current: string) => {
      const id = safeDecode(current.slice(1))
      const element = id ? document.getElementById(id) : null
      if (!element) return
      element.classList.add('is-highlighted')
      clearTimeout(timer)
      timer = setTimeout(() => element.classList.remove('is-highlighted'), HASH_HIGHLIGHT_MS)
    }
    highlight(hash)
    const onHashChange = () => highlight(window.location.hash)
    window.addEventListener('hashchange', onHashChange)
    return () => {
      window.removeEventListener('hashchange', onHashChange)
      clearTimeout(timer)
    }
  }, [hash])
}
