import { communities } from '~/db/schema-accounts'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { deps, postJson } from './helpers'

// Shared by the page-cache tests (page-cache, page-cache-purges).
/** `Server-Timing` as name → {dur, desc}; desc may be a token or a quoted string (RFC 8941). */
export function serverTiming(res: Response) {
  const out = new Map<string, { dur?: number; desc?: string }>()
  for (const part of (res.headers.get('server-timing') ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (!name) continue
    const entry: { dur?: number; desc?: string } = {}
    for (const param of params) {
      const [key, value = ''] = param.trim().split('=')
      if (key === 'dur') entry.dur = Number(value)
      if (key === 'desc') entry.desc = value.replace(/^"|"$/g, '')
    }
    out.set(name, entry)
  }
  return out
}
export const cacheOf = (res: Response) => serverTiming(res).get('cache')?.desc

/** The page with every per-request nonce blanked, to compare two answers of the same page. */
export const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""')
export const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1]

let sequence = 0
export async function publicLawsuit(className: string) {
  sequence += 1
  const cnj = buildCnj(700_000 + sequence * 37 + Math.floor(Math.random() * 30), 2025, 8, 26, 100)
  await upsertLawsuits(deps().db, [
    {
      cnj,
      court: 'TJSP',
      className,
      secrecyLevel: 0,
      source: 'teste',
      subjects: [],
      movements: [],
      parties: [],
    },
  ])
  return { cnj, path: `/processos/${formatCnj(cnj)}` }
}

export async function firstCommunity() {
  const [community] = await deps().db.select({ id: communities.id }).from(communities).limit(1)
  return community?.id ?? 0
}

/** An article by the writer with this session, in the first community: its id and address. */
export async function publishArticle(cookie: string, titulo: string) {
  const [community] = await deps().db.select({ id: communities.id }).from(communities).limit(1)
  const published = await postJson(
    '/ajax/artigos',
    { titulo, comunidade_id: String(community?.id), conteudo: 'Corpo do artigo.' },
    { Cookie: cookie },
  )
  return ((await published.json()) as { artigo: { id: number; url: string } }).artigo
}

/** The "Perfil" tab saved with a new name. */
export const rename = (user: { email: string }, cookie: string, nome: string) =>
  postJson('/ajax/conta/perfil', { nome, email: user.email, data_nascimento: '' }, { Cookie: cookie })
