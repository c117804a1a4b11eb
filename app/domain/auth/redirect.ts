/**
 * Where to go after login or signup: a path on this site, or an absolute URL on the main host or
 * one of its profile subdomains. Anything else (other sites, `//evil`, `javascript:`) becomes
 * `fallback`, so `auth.redirect` cannot be used as an open redirect.
 */
export function safeReturnUrl(raw: string | null | undefined, baseDomain: string, fallback = '/'): string {
  if (!raw) return fallback
  const value = raw.trim()
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return fallback
  }
  const host = url.host.toLowerCase()
  const base = baseDomain.toLowerCase()
  if (!['http:', 'https:'].includes(url.protocol)) return fallback
  return host === base || host.endsWith(`.${base}`) ? url.toString() : fallback
}
