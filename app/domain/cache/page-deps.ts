import { safeDecode } from '~/lib/paths'

/**
 * Scopes a page declares as it reads (decisions/0045): what it shows of things its address does
 * not name, such as an article's author and commenters (`perfil:{sub}`). The page carries them in
 * an internal header; the page cache stores their versions with the page, checks them on a hit,
 * and strips the header from every answer.
 */
export const PAGE_DEPS_HEADER = 'X-Pagina-Depende'
/** On the stored copy only: each declared scope with the version the page was rendered under. */
export const PAGE_DEP_VERSIONS_HEADER = 'X-Pagina-Versoes'

/** A KV read per declared scope on every hit: a page names at most this many (the first ones). */
export const MAX_PAGE_DEPS = 40

export function pageDepsHeaders(scopes: readonly string[]): Record<string, string> {
  const unique = [...new Set(scopes)].slice(0, MAX_PAGE_DEPS)
  return unique.length ? { [PAGE_DEPS_HEADER]: unique.map(encodeURIComponent).join(',') } : {}
}

/** The scopes an answer declares. */
export function readPageDeps(headers: Headers): string[] {
  const value = headers.get(PAGE_DEPS_HEADER) ?? ''
  return value.split(',').filter(Boolean).slice(0, MAX_PAGE_DEPS).map(safeDecode)
}

export function depVersionsHeader(scopes: readonly string[], versions: readonly string[]): string {
  return scopes
    .map((name, i) => `${encodeURIComponent(name)}=${encodeURIComponent(versions[i] ?? '0')}`)
    .join(',')
}

/** A stored page's declared scopes and the versions it was rendered under. */
export function readDepVersions(headers: Headers): { scopes: string[]; versions: string[] } {
  const pairs = (headers.get(PAGE_DEP_VERSIONS_HEADER) ?? '')
    .split(',')
    .map((part) => part.split('='))
    .filter((pair): pair is [string, string] => pair.length === 2 && !!pair[0])
  return { scopes: pairs.map(([name]) => safeDecode(name)), versions: pairs.map(([, v]) => safeDecode(v)) }
}
