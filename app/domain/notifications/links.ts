import { safeReturnUrl } from '~/domain/auth/redirect'

/**
 * Notification links (issue 12, finding 8): a path on this site (one leading `/`) or an http(s)
 * URL. Checked by the queue message schema when written; `notificationHref` then keeps only our
 * own hosts when stored and when rendered, so a `javascript:` or foreign link never reaches a page.
 */
export function isNotificationLink(url: string): boolean {
  if (/^\/(?![/\\])/.test(url)) return safeReturnUrl(url, 'localhost', '') !== ''
  return /^https?:\/\//i.test(url) && URL.canParse(url)
}

/** The href to render for a stored link, or null when it is not on the main host or a profile. */
export function notificationHref(url: string | null | undefined, baseDomain: string): string | null {
  if (!url || !isNotificationLink(url)) return null
  const onSite = safeReturnUrl(url, baseDomain, '')
  if (!onSite) return null
  // An absolute link stays absolute: the header also renders on profile hosts.
  return url.startsWith('/') ? onSite : new URL(url).href
}
