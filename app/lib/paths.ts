/** The login page that returns to `returnTo` afterwards (spec §2, §6). */
export function loginUrl(returnTo: string): string {
  return `/login?auth.redirect=${encodeURIComponent(returnTo)}`
}

/**
 * On a profile host, where the login page does not live: the session bridge (decisions/0023),
 * which logs in on the main host only if needed and comes back to `returnPath` on this host.
 */
export function bridgeUrl(returnPath: string): string {
  return `/sessao/ponte?volta=${encodeURIComponent(returnPath)}`
}

/** Where a gated action sends a visitor who is not logged in here (spec §4 "Login-gated actions"). */
export function loginHref(
  onProfileHost: boolean,
  current: { pathname: string; search: string; href: string },
) {
  return onProfileHost ? bridgeUrl(current.pathname + current.search) : loginUrl(current.href)
}

/** A URL part as the browser or router decodes it; a malformed escape (`%E0`) stays as it came. */
export function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
