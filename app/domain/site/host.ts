/**
 * Which part of the product a request's Host addresses. Pure, so the Worker, Remix and the
 * signup form (which must refuse reserved names) share one rule.
 */
export type Site =
  | { kind: 'main' }
  | { kind: 'www' }
  | { kind: 'profile'; subdomain: string }
  | { kind: 'unknown'; label: string }

/** Names that can never be a username: infrastructure hosts and the product's own sections. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'admin',
  'static',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'webmail',
  'ftp',
  'ns1',
  'ns2',
  'cdn',
  'assets',
  'imagens',
  'img',
  'app',
  'dev',
  'staging',
  'teste',
  'test',
  'status',
  'docs',
  'blog',
  'ajuda',
  'suporte',
  'contato',
  'login',
  'entrar',
  'sair',
  'cadastro',
  'cadastrar',
  'conta',
  'painel',
  'busca',
  'jurisprudencia',
  'legislacao',
  'diarios',
  'processos',
  'artigos',
  'comunidades',
  'monitoramentos',
  'notificacoes',
  'profissionais',
  'empresas',
  'pessoas',
  'root',
  'sistema',
])

/** Usernames are ASCII letters and digits only (spec §5), so they are valid DNS labels. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9]{1,63}$/

export function isReservedSubdomain(name: string): boolean {
  return RESERVED_SUBDOMAINS.has(name.toLowerCase())
}

export function resolveSite(host: string | null | undefined, baseDomain: string): Site {
  const h = (host ?? '').trim().toLowerCase().replace(/\.$/, '')
  const base = baseDomain.toLowerCase()
  if (!h || h === base || !h.endsWith(`.${base}`)) return { kind: 'main' }
  const label = h.slice(0, -(base.length + 1))
  if (label === 'www') return { kind: 'www' }
  if (!SUBDOMAIN_PATTERN.test(label) || isReservedSubdomain(label)) return { kind: 'unknown', label }
  return { kind: 'profile', subdomain: label }
}

/** Absolute origin of the main site, for links and canonical URLs ("http" only on localhost). */
export function mainOrigin(baseDomain: string): string {
  return `${protocolFor(baseDomain)}//${baseDomain}`
}

export function profileOrigin(subdomain: string, baseDomain: string): string {
  return `${protocolFor(baseDomain)}//${subdomain}.${baseDomain}`
}

/** Whether a host (`ana.example.com.br`) is a profile host of this site. */
export function isProfileHost(host: string, baseDomain: string): boolean {
  return resolveSite(host, baseDomain).kind === 'profile'
}

/** The site's scheme: plain http only for a local host, https everywhere else. */
export function protocolFor(baseDomain: string): 'http:' | 'https:' {
  return /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(baseDomain) ? 'http:' : 'https:'
}
