import { routes } from '~/api/routes'

/** Spec §7, §9: navigation after a tracked click waits 150 ms so the event gets out. */
export const TRACK_NAVIGATION_DELAY_MS = 150
// A beacon, not `call`: the browser sends it even as the page unloads, and it reads no answer.
export const TRACK_ENDPOINT = routes.trackEvent.path

export type TrackEvent = { evento: string; pagina: string; alvo?: string; props?: Record<string, string> }

/** Reports one event to our own endpoint; never throws, never blocks. */
export function track(evento: string, props: Record<string, string> = {}, alvo?: string): void {
  const body: TrackEvent = { evento, pagina: window.location.pathname + window.location.search, alvo, props }
  const blob = new Blob([JSON.stringify(body)], { type: 'application/json' })
  try {
    if (navigator.sendBeacon?.(TRACK_ENDPOINT, blob)) return
  } catch {
    // fall through to fetch
  }
  void fetch(TRACK_ENDPOINT, { method: 'POST', body: blob, keepalive: true }).catch(() => undefined)
}

/**
 * One delegated listener: any element with `data-track="nome"` reports its clicks. A tracked
 * link opened in the same tab navigates 150 ms later; modified clicks (new tab) are left alone.
 */
export function installClickTracking(): () => void {
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>('[data-track]')
    if (!target) return
    const name = target.dataset.track ?? ''
    const anchor = target.closest('a')
    track(name, {}, anchor?.getAttribute('href') ?? undefined)
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
    if (
      anchor?.href &&
      plainClick &&
      !event.defaultPrevented &&
      (!anchor.target || anchor.target === '_self')
    ) {
      event.preventDefault()
      const href = anchor.href
      window.setTimeout(() => window.location.assign(href), TRACK_NAVIGATION_DELAY_MS)
    }
  }
  document.addEventListener('click', onClick)
  return () => document.removeEventListener('click', onClick)
}
