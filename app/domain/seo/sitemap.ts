/**
 * Sitemaps (sitemaps.org protocol 0.9) and robots.txt as pure text builders (decisions/0037).
 * The queries that feed them are in `sitemap.server.ts`.
 */

/**
 * Ids per shard. A shard of an id-ranged kind is the rows with `id` in `((n-1)·S, n·S]`: one
 * range scan of the primary key, and the index counts shards from `max(id)` alone. Well under the
 * protocol's 50,000 URLs and 50 MB (a 10,000-URL shard is about 1 MB).
 */
export const SHARD_SIZE = 10_000

/** Kinds whose shards are primary-key ranges of one table. */
export const RANGED_KINDS = [
  'processos',
  'pessoas',
  'empresas',
  'diarios',
  'materias',
  'jurisprudencia',
  'legislacao',
  'perfis',
  'artigos',
] as const
export type RangedKind = (typeof RANGED_KINDS)[number]

/** `paginas`: the sections' home pages, one shard. `diretorio`: 1 + one shard per profession. */
export type SitemapKind = RangedKind | 'paginas' | 'diretorio'

export type SitemapUrl = { loc: string; lastmod?: string | null }

export type ShardRef = { kind: SitemapKind; n: number }

const RANGED: ReadonlySet<string> = new Set(RANGED_KINDS)

/**
 * `processos-3.xml` → `{kind, n}`; anything else (leading zeros, unknown kind) → null. Up to 12
 * digits: a corpus shard's ids start at n · 2^36 (decisions/0072), so its files are numbered from
 * 6,871,948 · n on (decisions/0075).
 */
export function parseShardName(file: string): ShardRef | null {
  const match = /^([a-z]+)-([1-9][0-9]{0,11})\.xml$/.exec(file)
  if (!match) return null
  const kind = match[1] as string
  if (!RANGED.has(kind) && kind !== 'paginas' && kind !== 'diretorio') return null
  return { kind: kind as SitemapKind, n: Number(match[2]) }
}

export function shardPath(ref: ShardRef): string {
  return `/sitemaps/${ref.kind}-${ref.n}.xml`
}

/** Shards needed to cover ids 1..maxId (ids start at 1; an empty table has none). */
export function shardCount(maxId: number | null | undefined, size = SHARD_SIZE): number {
  return maxId && maxId > 0 ? Math.ceil(maxId / size) : 0
}

/** The id range `(after, upTo]` of shard n. */
export function shardRange(n: number, size = SHARD_SIZE): { after: number; upTo: number } {
  return { after: (n - 1) * size, upTo: n * size }
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Text safe inside an XML element or attribute; characters XML 1.0 forbids are dropped. */
export function xmlEscape(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string)
}

/**
 * A W3C Datetime for `<lastmod>`: a `yyyy-mm-dd` date as is, a date-time or unix milliseconds
 * as UTC to the second; anything unreadable (or before 1900) gives no lastmod rather than a wrong one.
 */
export function w3cDate(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const time = Date.parse(`${value}T00:00:00Z`)
    return Number.isNaN(time) || value < '1900' ? null : value
  }
  if (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}T/.test(value)) return null
  const date = new Date(value)
  const time = date.getTime()
  if (Number.isNaN(time) || date.getUTCFullYear() < 1900) return null
  return `${date.toISOString().slice(0, 19)}Z`
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((url) => {
      const lastmod = url.lastmod ? `<lastmod>${xmlEscape(url.lastmod)}</lastmod>` : ''
      return `<url><loc>${xmlEscape(url.loc)}</loc>${lastmod}</url>`
    })
    .join('\n')
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}${body ? '\n' : ''}</urlset>\n`
}

export function sitemapIndexXml(origin: string, shards: readonly ShardRef[]): string {
  const body = shards
    .map((ref) => `<sitemap><loc>${xmlEscape(`${origin}${shardPath(ref)}`)}</loc></sitemap>`)
    .join('\n')
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}${body ? '\n' : ''}</sitemapindex>\n`
}

/**
 * Paths no crawler needs: plumbing, accounts, private lists and forms. `$` ends a rule (RFC 9309),
 * so `/conta$` does not also shut `/contador`, a directory page.
 */
export const DISALLOWED_PATHS = [
  '/ajax/',
  '/api/',
  '/__dev/',
  '/sessao/',
  '/conta$',
  '/conta/',
  '/notificacoes',
  '/monitoramentos',
  '/login',
  '/logout',
  '/cadastrar',
  '/entrar/',
  '/senha/',
  '/confirmar-email',
  '/email/',
  '/artigos/novo',
  '/artigos/*/editar',
  '/pessoas/*/este-sou-eu',
  '/dev/',
] as const

/** The same file on the main host and on every profile host: the `Sitemap` line is what lets
 * the main host's sitemaps list profile URLs (the protocol's cross-host rule). */
export function robotsTxt(mainOrigin: string): string {
  const rules = DISALLOWED_PATHS.map((path) => `Disallow: ${path}`).join('\n')
  return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${mainOrigin}/sitemap.xml\n`
}
