import { professionBySlug } from '~/domain/directory/professions'
import type { Site } from '~/domain/site/host'
import { safeDecode } from '~/lib/paths'

/**
 * Which anonymous pages the edge keeps, for how long, and which version scopes a change bumps to
 * purge them (decisions/0035). A page depends on one or two scopes; its cache key carries their
 * versions, so bumping a scope makes every key that named it unreachable at once.
 */
export type PageRule = {
  kind: string
  /** Seconds the edge may serve the page without asking the database. */
  ttl: number
  scopes: string[]
}

const MINUTE = 60
const MAX_SLUG = 200
const HOUR = 60 * MINUTE

/** Scopes: a kind generation (many pages) or one thing (`processo:{cnj}`, `perfil:{sub}`, …). */
export const scope = {
  /** Every corpus page and search: an import run that changed anything bumps it. */
  corpus: 'corpus',
  /** Every lawsuit page at once: an import that touched too many lawsuits to name them. */
  lawsuits: 'processos',
  lawsuit: (cnj: string) => `processo:${cnj}`,
  /** One person's or company's page: what following it changes (its follower count). */
  person: (slug: string) => `pessoa:${slug}`,
  company: (slug: string) => `empresa:${slug}`,
  /** Directory and community pages: a professional joined, left or changed what lists show. */
  network: 'rede',
  profile: (subdomain: string) => `perfil:${subdomain.toLowerCase()}`,
  /** Article lists (home, /artigos, community pages). */
  articles: 'artigos',
  article: (id: number | string) => `artigo:${id}`,
} as const

const rule = (kind: string, ttl: number, ...scopes: string[]): PageRule => ({ kind, ttl, scopes })

const CORPUS_PAGES: [RegExp, string, number][] = [
  [/^\/(?:busca|jurisprudencia\/busca|legislacao\/busca|diarios\/[^/]+\/materias)$/, 'busca', 5 * MINUTE],
  [/^\/diarios(?:\/[^/]+|\/materia\/\d+)?$/, 'diario', HOUR],
  [/^\/jurisprudencia(?:\/\d+)?$/, 'decisao', 6 * HOUR],
  [/^\/legislacao(?:\/[^/]+)?$/, 'lei', 6 * HOUR],
  // Computed from the whole corpus (decisions/0067): a few aggregates, purged by every import.
  [/^\/cobertura$/, 'cobertura', 6 * HOUR],
]

/**
 * The scopes that name this one page's own thing (a lawsuit, a profile, an article), not a whole
 * kind: what a change to something shown only there (its share count) purges.
 */
export function ownScopes(site: Site, pathname: string): string[] {
  return (pageCacheRule(site, pathname)?.scopes ?? []).filter((name) => name.includes(':'))
}

/** The rule for an anonymous GET of `pathname` on `site`, or null: never cached. */
export function pageCacheRule(site: Site, pathname: string): PageRule | null {
  if (site.kind === 'profile')
    return pathname === '/' ? rule('perfil', HOUR, scope.profile(site.subdomain)) : null
  if (site.kind !== 'main') return null
  if (pathname === '/') return rule('inicio', 5 * MINUTE, scope.articles)
  const lawsuit = /^\/processos\/([^/]+)$/.exec(pathname)
  if (lawsuit) {
    const digits = safeDecode(lawsuit[1] ?? '').replace(/\D/g, '')
    return digits.length === 20 ? rule('processo', HOUR, scope.lawsuits, scope.lawsuit(digits)) : null
  }
  const entity = /^\/(pessoas|empresas)\/([^/]+)$/.exec(pathname)
  if (entity?.[2]) {
    const slug = safeDecode(entity[2])
    // No slug is that long (slugify keeps 120 characters), and a scope names a KV key (≤ 512 bytes).
    if (slug.length > MAX_SLUG) return null
    return rule(
      'entidade',
      HOUR,
      scope.corpus,
      (entity[1] === 'pessoas' ? scope.person : scope.company)(slug),
    )
  }
  for (const [pattern, kind, ttl] of CORPUS_PAGES)
    if (pattern.test(pathname)) return rule(kind, ttl, scope.corpus)
  if (pathname === '/artigos') return rule('artigos', 5 * MINUTE, scope.articles)
  const article = /^\/artigos\/(?:[^/]*-)?(\d{1,15})$/.exec(pathname)
  if (article?.[1]) return rule('artigo', HOUR, scope.article(article[1]))
  if (pathname === '/comunidades' || /^\/comunidades\/[^/]+$/.test(pathname))
    return rule('comunidade', 10 * MINUTE, scope.network, scope.articles)
  if (pathname === '/profissionais' || /^\/cidade\/[^/]+$/.test(pathname))
    return rule('diretorio', 10 * MINUTE, scope.network)
  // `/{profissão}` and `/{profissão}/{cidade}`: only real profession slugs (no route shadows one).
  const directory = /^\/([^/]+)(?:\/[^/]+)?$/.exec(pathname)
  if (directory?.[1] && professionBySlug(directory[1])) return rule('diretorio', 10 * MINUTE, scope.network)
  return null
}
