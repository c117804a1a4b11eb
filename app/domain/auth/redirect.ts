import { mainOrigin, resolveSite } from '~/domain/site/host'

/** Longer than any real return address; a header this big is an attack, not a link. */
const MAX_RETURN_URL = 2048

/**
 * Control characters, whitespace (ASCII and Unicode) and backslashes. Browsers silently drop
 * tabs and newlines and read `\` as `/`, so `/\t/evil` or `/\evil` would leave the site; CR/LF
 * would also break the Location header. None belongs in a return address: refuse, never clean.
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/

/**
 * Where to go after login or signup: a path on this site, or an absolute URL on the main host or
 * one of its profile subdomains, over the site's own scheme. The value is resolved against the
 * main origin the way a browser would, and the re-serialised URL is answered (path, query and
 * hash for the main host), so what we check is what the browser follows. Anything else (other
 * sites, `//evil`, `/\evil`, `https:evil`, `javascript:`) becomes `fallback`: `auth.redirect`
 * cannot be used as an open redirect.
 */
/** Re-serialising escapes what was typed raw (`é` → `%C3%A9`): the answer is bounded too. */
const bounded = (url: string, fallback: string) => (url.length > MAX_RETURN_URL ? fallback : url)

export function safeReturnUrl(raw: string | null | undefined, baseDomain: string, fallback = '/'): string {
  if (!raw || raw.length > MAX_RETURN_URL || FORBIDDEN.test(raw)) return fallback
  // A scheme must be followed by `//`: `https:evil` is refused, not read as a relative path.
  if (/^[a-z][a-z\d+.-]*:/i.test(raw) && !/^https?:\/\//i.test(raw)) return fallback
  const main = new URL(mainOrigin(baseDomain))
  let url: URL
  try {
    url = new URL(raw, main)
  } catch {
    return fallback
  }
  if (url.protocol !== main.protocol || url.username || url.password) return fallback
  if (url.host === main.host) {
    // `/.//evil` resolves to the path `//evil`, which a browser reads as another host.
    if (url.pathname.startsWith('//')) return fallback
    return bounded(`${url.pathname}${url.search}${url.hash}`, fallback)
  }
  return resolveSite(url.host, baseDomain).kind === 'profile' ? bounded(url.href, fallback) : fallback
}
