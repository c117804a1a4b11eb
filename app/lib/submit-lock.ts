/**
 * The search resubmit lock (spec §4, §9: further submits are blocked for 3 s). One lock for the
 * whole page, not one per form: the header's and the page's search boxes share it. It is also
 * kept in sessionStorage with the URL the submit opened, so a second Enter that lands on that
 * results page is still inside the same 3 s; a new search from another page is not held up.
 */
export const SUBMIT_LOCK_MS = 3000
export const SUBMIT_LOCK_KEY = 'searchSubmitLock'

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>

let lockedUntil = 0

function stored(storage: Storage | null, here: string): number {
  try {
    const value = JSON.parse(storage?.getItem(SUBMIT_LOCK_KEY) ?? 'null') as {
      until?: unknown
      url?: unknown
    }
    return value?.url === here && typeof value.until === 'number' ? value.until : 0
  } catch {
    return 0
  }
}

/**
 * True when a submit may go out now (and the lock starts); false inside the 3 s after another.
 * `here` is the page's URL, `target` the URL the submit opens.
 */
export function takeSubmitLock(now: number, storage: Storage | null, here: string, target: string): boolean {
  const until = Math.max(lockedUntil, stored(storage, here))
  // A lock further ahead than its own length comes from a clock that moved back: ignore it.
  if (now < until && until - now <= SUBMIT_LOCK_MS) return false
  lockedUntil = now + SUBMIT_LOCK_MS
  try {
    storage?.setItem(SUBMIT_LOCK_KEY, JSON.stringify({ until: lockedUntil, url: target }))
  } catch {
    // Storage unavailable (private mode): the in-memory lock still covers this page.
  }
  return true
}

/** The URL a GET form opens, as the browser builds it. */
export function getFormTarget(form: HTMLFormElement): string {
  const url = new URL(form.action, window.location.href)
  url.search = new URLSearchParams(
    [...new FormData(form)].map(([name, value]) => [name, String(value)] as [string, string]),
  ).toString()
  url.hash = ''
  return url.href
}

/** The tab's sessionStorage, or null where reading it throws (storage disabled). */
export function tabStorage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}
