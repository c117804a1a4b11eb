import { formatCnj } from './cnj'

/**
 * Longer than any real return address or redirect target (the same bound as safeReturnUrl): a
 * path built from the request past it is dropped, never echoed into a Location header
 * (decisions/0050).
 */
export const MAX_RETURN_PATH = 2048

/** The login page that returns to `returnTo` afterwards (spec §2, §6); too long, just the page. */
export function loginUrl(returnTo: string): string {
  const encoded = encodeURIComponent(returnTo)
  return encoded.length > MAX_RETURN_PATH ? '/login' : `/login?auth.redirect=${encoded}`
}

/**
 * A path and query taken from the request for a redirect (another host, the canonical address):
 * the query goes first when the whole is past MAX_RETURN_PATH, then the path (home).
 */
export function boundedPath(url: { pathname: string; search: string }): string {
  if (url.pathname.length + url.search.length <= MAX_RETURN_PATH) return `${url.pathname}${url.search}`
  return url.pathname.length <= MAX_RETURN_PATH ? url.pathname : '/'
}

/**
 * On a profile host, where the login page does not live: the session bridge (decisions/0023),
 * which logs in on the main host only if needed and comes back to `returnPath` on this host.
 */
export function bridgeUrl(returnPath: string): string {
  const encoded = encodeURIComponent(returnPath)
  return `/sessao/ponte?volta=${encoded.length > MAX_RETURN_PATH ? '%2F' : encoded}`
}

/**
 * A link from a logged-in page to a profile host (`http://ana.host/x`), made to enter through that
 * host's session bridge (`http://ana.host/sessao/ponte?volta=%2Fx&auto=1`): the profile host
 * learns who is visiting before it answers anything, so its first paint is the logged-in page
 * even where the parent-domain hint cannot reach it (decisions/0054). `auto=1` never asks anyone
 * to log in: a copied link works for anyone. Any other URL is answered as it came.
 */
export function throughBridge(href: string, isProfileHost: (host: string) => boolean): string {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return href
  }
  if (!isProfileHost(url.host) || url.pathname.startsWith('/sessao/')) return href
  return `${url.origin}${bridgeUrl(url.pathname + url.search)}&auto=1${url.hash}`
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

// The entity pages' addresses, spelled once: links, canonicals, sitemaps, notifications and the
// open API's `url` all build them here, so a page that moves moves everywhere (issue 38).

/** A lawsuit's page, from its 20 digits or its written number (either gives the written one). */
export const lawsuitPath = (cnj: string) => `/processos/${formatCnj(cnj.replace(/\D/g, ''))}`
export const personPath = (slug: string) => `/pessoas/${slug}`
export const companyPath = (slug: string) => `/empresas/${slug}`
/** A gazette's page, or one edition of it (and one of its sections, `caderno`). */
export const gazettePath = (slug: string, edition?: { date: string; section?: string | null }) =>
  `/diarios/${slug}${edition ? `?data=${edition.date}${edition.section ? `&caderno=${edition.section}` : ''}` : ''}`
/** A gazette matéria's page. */
export const gazetteItemPath = (id: number | string) => `/diarios/materia/${id}`
/** A court decision's page (jurisprudência). */
export const decisionPath = (id: number | string) => `/jurisprudencia/${id}`
/** A statute's page, or one of its provisions (`anchor`, e.g. `art5_inc3`). */
export const statutePath = (slug: string, anchor?: string) =>
  `/legislacao/${slug}${anchor ? `#${anchor}` : ''}`
export const communityPath = (slug: string) => `/comunidades/${slug}`
/** `/artigos/{slug}-{id}`: the id decides, so a changed title keeps old links working. */
export const articlePath = (article: { id: number; slug: string }) => `/artigos/${article.slug}-${article.id}`
/** One of the user's monitorings. */
export const monitoringPath = (id: number | string) => `/monitoramentos/${id}`
