import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { communities } from '~/db/schema-accounts'
import { companies, people } from '~/db/schema-corpus'
import { follows } from '~/db/schema-network'
import { pageCacheRule } from '~/domain/cache/page-rules'
import { bumpVersions, purgeImported } from '~/domain/cache/versions.server'
import { buildCnj, formatCnj } from '~/domain/corpus/cnj'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'
import { profileBase } from './profiles-helpers'

/** `Server-Timing` as name → {dur, desc}; desc may be a token or a quoted string (RFC 8941). */
function serverTiming(res: Response) {
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
const cacheOf = (res: Response) => serverTiming(res).get('cache')?.desc

/** The page with every per-request nonce blanked, to compare two answers of the same page. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""')
const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1]

let sequence = 0
async function publicLawsuit(className: string) {
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

async function firstCommunity() {
  const [community] = await deps().db.select({ id: communities.id }).from(communities).limit(1)
  return community?.id ?? 0
}

/** An article by the writer with this session, in the first community: its id and address. */
async function publishArticle(cookie: string, titulo: string) {
  const [community] = await deps().db.select({ id: communities.id }).from(communities).limit(1)
  const published = await postJson(
    '/ajax/artigos',
    { titulo, comunidade_id: String(community?.id), conteudo: 'Corpo do artigo.' },
    { Cookie: cookie },
  )
  return ((await published.json()) as { artigo: { id: number; url: string } }).artigo
}

/** The "Perfil" tab saved with a new name. */
const rename = (user: { email: string }, cookie: string, nome: string) =>
  postJson('/ajax/conta/perfil', { nome, email: user.email, data_nascimento: '' }, { Cookie: cookie })

describe('Server-Timing', () => {
  it('is on every answer: API, page, error, with the Worker total, D1 time and the cache', async () => {
    const { path } = await publicLawsuit('Procedimento Comum Cível')
    for (const res of [await get('/api/saude'), await get(path), await get('/pessoas/ninguem-aqui-xyz')]) {
      const timing = serverTiming(res)
      expect(timing.get('total')?.dur).toBeGreaterThanOrEqual(0)
      expect(timing.get('db')?.dur).toBeGreaterThanOrEqual(0)
      expect(['hit', 'miss', 'bypass']).toContain(timing.get('cache')?.desc)
    }
    const api = await get('/api/saude')
    expect(cacheOf(api)).toBe('bypass')
    const refused = await postJson('/ajax/seguir', { id: 1, tipo: 'processo' })
    expect(refused.status).toBe(401)
    expect(serverTiming(refused).get('total')?.dur).toBeGreaterThanOrEqual(0)
  })

  it('reports the page render time on a miss, and no database time on a hit', async () => {
    const { path } = await publicLawsuit('Execução Fiscal')
    const miss = await get(path)
    expect(cacheOf(miss)).toBe('miss')
    expect(serverTiming(miss).get('render')?.dur).toBeGreaterThan(0)
    expect(serverTiming(miss).get('db')?.dur).toBeGreaterThan(0)
    const hit = await get(path)
    expect(cacheOf(hit)).toBe('hit')
    expect(serverTiming(hit).get('db')?.dur).toBe(0)
    expect(serverTiming(hit).has('render')).toBe(false)
  })
})

describe('edge page cache', () => {
  it('serves an anonymous page from the cache with a fresh nonce, the same page otherwise', async () => {
    const { path } = await publicLawsuit('Procedimento do Juizado Especial Cível')
    const first = await get(path)
    const firstHtml = await first.text()
    const second = await get(path)
    const secondHtml = await second.text()
    expect([cacheOf(first), cacheOf(second)]).toEqual(['miss', 'hit'])
    expect(second.status).toBe(200)
    expect(withoutNonce(secondHtml)).toBe(withoutNonce(firstHtml))
    // The CSP nonce is this request's, in the header and in the page alike.
    const nonce = nonceOf(secondHtml)
    expect(nonce).toBeTruthy()
    expect(nonce).not.toBe(nonceOf(firstHtml))
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(second.headers.get('set-cookie')).toBeNull()
  })

  it('never mixes people: two users and nobody see their own page, the cached one has no one in it', async () => {
    const { path } = await publicLawsuit('Ação Civil Pública')
    const ana = await createUser({ name: 'Ana Cacheada Teste' })
    const bruno = await createUser({ name: 'Bruno Cacheado Teste' })
    const anaCookie = await sessionCookie(ana.id)
    const brunoCookie = await sessionCookie(bruno.id)

    // A logged-in visit first: it must neither fill the cache nor be served from it.
    const asAna = await get(path, { headers: { Cookie: anaCookie } })
    const anaHtml = await asAna.text()
    expect(cacheOf(asAna)).toBe('bypass')
    expect(asAna.headers.get('cache-control')).toBe('private, no-store')
    expect(anaHtml).toContain('Ana Cacheada Teste')

    const nobody = await get(path)
    const nobodyHtml = await nobody.text()
    expect(cacheOf(nobody)).toBe('miss')
    const asBruno = await get(path, { headers: { Cookie: brunoCookie } })
    const brunoHtml = await asBruno.text()
    expect(cacheOf(asBruno)).toBe('bypass')
    expect(brunoHtml).toContain('Bruno Cacheado Teste')
    expect(brunoHtml).not.toContain('Ana Cacheada Teste')

    const cached = await get(path)
    const cachedHtml = await cached.text()
    expect(cacheOf(cached)).toBe('hit')
    for (const html of [nobodyHtml, cachedHtml]) {
      expect(html).not.toContain('Ana Cacheada Teste')
      expect(html).not.toContain('Bruno Cacheado Teste')
      // The anonymous header: the way in, no user menu, no notifications badge.
      expect(html).toContain('Entrar')
      expect(html).not.toContain('/notificacoes')
      expect(html).not.toContain(ana.subdomain)
      expect(html).not.toContain(bruno.subdomain)
    }
    // A cookie of ours, even one that names no session, means "someone's": never the cache.
    const withFlash = await get(path, { headers: { Cookie: 'sessao_ativa=1' } })
    expect(cacheOf(withFlash)).toBe('bypass')
  })

  it('keeps the lifetimes per kind and never caches private pages', () => {
    const main = { kind: 'main' } as const
    const lawsuit = pageCacheRule(main, `/processos/${formatCnj(buildCnj(1, 2024, 8, 26, 100))}`)
    expect(lawsuit?.kind).toBe('processo')
    expect(pageCacheRule(main, '/busca')?.ttl).toBeLessThan(lawsuit?.ttl ?? 0)
    expect(pageCacheRule(main, '/advogado/sao-paulo-sp')?.kind).toBe('diretorio')
    expect(pageCacheRule(main, '/artigos/um-titulo-12')?.scopes).toEqual(['artigo:12'])
    expect(pageCacheRule({ kind: 'profile', subdomain: 'Ana' }, '/')?.scopes).toEqual(['perfil:ana'])
    expect(pageCacheRule(main, '/pessoas/ana-silva')?.scopes).toEqual(['corpus', 'pessoa:ana-silva'])
    expect(pageCacheRule(main, '/empresas/acme')?.scopes).toEqual(['corpus', 'empresa:acme'])
    // A malformed escape is a page the router answers (404), never a rule that throws.
    expect(pageCacheRule(main, '/processos/%E0')).toBeNull()
    expect(pageCacheRule(main, '/pessoas/%E0')?.scopes).toEqual(['corpus', 'pessoa:%E0'])
    // No page has an address that long; its scope would be a KV key over the limit.
    expect(pageCacheRule(main, `/pessoas/${'x'.repeat(3000)}`)).toBeNull()
    expect(pageCacheRule(main, `/artigos/${'1'.repeat(3000)}`)).toBeNull()
    for (const path of [
      '/conta/perfil',
      '/login',
      '/notificacoes',
      '/monitoramentos',
      '/artigos/novo',
      '/nada',
    ])
      expect(pageCacheRule(main, path)).toBeNull()
  })

  it('an import that touches a lawsuit shows the change to the next anonymous visitor', async () => {
    const { cnj, path } = await publicLawsuit('Classe Antes Da Importação')
    await get(path)
    expect(cacheOf(await get(path))).toBe('hit')
    const since = Date.now() - 1
    await upsertLawsuits(deps().db, [
      {
        cnj,
        court: 'TJSP',
        className: 'Classe Depois Da Importação',
        secrecyLevel: 0,
        source: 'teste',
        subjects: [],
        movements: [],
        parties: [],
      },
    ])
    // Without the purge the cache still answers the old page: the import's purge is what moves it.
    expect(await (await get(path)).text()).toContain('Classe Antes Da Importação')
    expect(await purgeImported(deps().db, env.PAGE_VERSIONS, since)).toBeGreaterThanOrEqual(1)
    const after = await get(path)
    expect(cacheOf(after)).toBe('miss')
    const html = await after.text()
    expect(html).toContain('Classe Depois Da Importação')
    expect(html).not.toContain('Classe Antes Da Importação')
  })

  it('an edited profile is what the next anonymous visitor of the subdomain sees', async () => {
    const user = await createUser({ name: 'Perfil Antes Teste' })
    const url = `${profileBase(user.subdomain)}/`
    expect(await (await get(url)).text()).toContain('Perfil Antes Teste')
    expect(cacheOf(await get(url))).toBe('hit')
    const saved = await rename(user, await sessionCookie(user.id), 'Perfil Depois Teste')
    expect(saved.status).toBe(200)
    const after = await get(url)
    expect(cacheOf(after)).toBe('miss')
    expect(await after.text()).toContain('Perfil Depois Teste')
  })

  it('a new comment is on the article page the next anonymous visitor gets', async () => {
    const writer = await createUser({ name: 'Autora Cache Teste' })
    await mayPublishIn(writer.id, await firstCommunity())
    const cookie = await sessionCookie(writer.id)
    const artigo = await publishArticle(cookie, 'Cache e comentários')
    await get(artigo.url)
    expect(cacheOf(await get(artigo.url))).toBe('hit')
    const comment = await postJson(
      `/ajax/artigos/${artigo.id}/comentarios`,
      { conteudo: 'Um comentário que o cache não pode esconder.' },
      { Cookie: cookie },
    )
    expect(comment.status).toBe(200)
    const after = await get(artigo.url)
    expect(cacheOf(after)).toBe('miss')
    expect(await after.text()).toContain('Um comentário que o cache não pode esconder.')
  })

  it('a share shows its new count on the shared page (its own scope), not by purging the kind', async () => {
    const user = await createUser({ name: 'Perfil Compartilhado Teste' })
    const url = `${profileBase(user.subdomain)}/`
    await get(url)
    expect(cacheOf(await get(url))).toBe('hit')
    const shared = await postJson('/api/v2/compartilhamentos', { url, rede: 'linkedin' })
    expect(shared.status).toBe(200)
    const after = await get(url)
    expect(cacheOf(after)).toBe('miss')
    expect(await after.text()).toContain('data-share-count="1"')
  })

  it('following a person or a company shows its new count on its page, and leaves the rest cached', async () => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
    const [person] = await deps()
      .db.insert(people)
      .values({ name: `Pessoa Cache ${tag}`, slug: `pessoa-cache-${tag}` })
      .returning()
    const [company] = await deps()
      .db.insert(companies)
      .values({
        cnpj: String(Date.now()).slice(-8).padStart(14, '9'),
        legalName: `Empresa Cache ${tag}`,
        slug: `empresa-cache-${tag}`,
      })
      .returning()
    if (!person || !company) throw new Error('rows')
    const { path: other } = await publicLawsuit('Classe Que Segue Em Cache')
    const cookie = await sessionCookie((await createUser()).id)
    for (const [tipo, id, path] of [
      ['pessoa', person.id, `/pessoas/${person.slug}`],
      ['empresa', company.id, `/empresas/${company.slug}`],
    ] as const) {
      expect(await (await get(path)).text()).toContain('Nenhum seguidor')
      expect(cacheOf(await get(path))).toBe('hit')
      await get(other)
      expect((await postJson('/ajax/seguir', { id, tipo }, { Cookie: cookie })).status).toBe(200)
      const after = await get(path)
      expect(cacheOf(after)).toBe('miss')
      expect(await after.text()).toContain('1 seguidor')
      // Only that page's own scope moved: another corpus page is still served from the cache.
      expect(cacheOf(await get(other))).toBe('hit')
    }
  })

  it('deleting rows of "Seguindo" shows the lower count on each page that lost a follower', async () => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`
    const [person] = await deps()
      .db.insert(people)
      .values({ name: `Pessoa Deixada ${tag}`, slug: `pessoa-deixada-${tag}` })
      .returning()
    const [company] = await deps()
      .db.insert(companies)
      .values({
        cnpj: String(Date.now() + 7)
          .slice(-8)
          .padStart(14, '8'),
        legalName: `Empresa Deixada ${tag}`,
        slug: `empresa-deixada-${tag}`,
      })
      .returning()
    if (!person || !company) throw new Error('rows')
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const pages = [`/pessoas/${person.slug}`, `/empresas/${company.slug}`]
    for (const [tipo, id] of [
      ['pessoa', person.id],
      ['empresa', company.id],
    ] as const)
      expect((await postJson('/ajax/seguir', { id, tipo }, { Cookie: cookie })).status).toBe(200)
    // Both pages are cached with their follower.
    for (const path of pages) {
      expect(await (await get(path)).text()).toContain('1 seguidor')
      expect(cacheOf(await get(path))).toBe('hit')
    }
    const mine = await deps().db.select().from(follows).where(eq(follows.userId, user.id))
    const removed = await postJson(
      '/ajax/conta/seguindo/excluir',
      { itens: mine.filter((f) => !f.membership).map((f) => f.id) },
      { Cookie: cookie },
    )
    expect(await removed.json()).toMatchObject({ status: 'success', excluidos: 2 })
    for (const path of pages) {
      const after = await get(path)
      expect(cacheOf(after)).toBe('miss')
      expect(await after.text()).toContain('Nenhum seguidor')
    }
  })

  describe('what an article page shows of other people (declared scopes, decisions/0045)', () => {
    async function articleWithComment() {
      const writer = await createUser({ name: 'Autora Antes Teste' })
      await mayPublishIn(writer.id, await firstCommunity())
      const reader = await createUser({ name: 'Comentarista Antes Teste' })
      const writerCookie = await sessionCookie(writer.id)
      const readerCookie = await sessionCookie(reader.id)
      const artigo = await publishArticle(writerCookie, 'Quem escreve e quem comenta')
      const comment = await postJson(
        `/ajax/artigos/${artigo.id}/comentarios`,
        { conteudo: 'Um comentário de quem vai mudar de nome.' },
        { Cookie: readerCookie },
      )
      expect(comment.status).toBe(200)
      return { writer, reader, writerCookie, readerCookie, url: artigo.url }
    }
    it("the author's and a commenter's new names reach the next anonymous visitor", async () => {
      const { writer, reader, writerCookie, readerCookie, url } = await articleWithComment()
      expect(await (await get(url)).text()).toContain('Autora Antes Teste')
      expect(cacheOf(await get(url))).toBe('hit')
      expect((await rename(writer, writerCookie, 'Autora Depois Teste')).status).toBe(200)
      const afterAuthor = await get(url)
      expect(cacheOf(afterAuthor)).toBe('miss')
      expect(await afterAuthor.text()).toContain('Autora Depois Teste')
      expect(cacheOf(await get(url))).toBe('hit')
      expect((await rename(reader, readerCookie, 'Comentarista Depois Teste')).status).toBe(200)
      const afterReader = await get(url)
      expect(cacheOf(afterReader)).toBe('miss')
      const html = await afterReader.text()
      expect(html).toContain('Comentarista Depois Teste')
      expect(html).not.toContain('Comentarista Antes Teste')
      expect(cacheOf(await get(url))).toBe('hit')
    })

    it('following the author shows the new count on the article page', async () => {
      const { writer, url } = await articleWithComment()
      await get(url)
      expect(cacheOf(await get(url))).toBe('hit')
      const follower = await sessionCookie((await createUser()).id)
      expect(
        (await postJson('/ajax/seguir', { id: writer.id, tipo: 'usuario' }, { Cookie: follower })).status,
      ).toBe(200)
      const after = await get(url)
      expect(cacheOf(after)).toBe('miss')
      expect(await after.text()).toContain('1 seguidor')
    })

    it("a page rendered without a purge's write is not stored, and the declaration never leaves the Worker", async () => {
      const { writer, writerCookie, url } = await articleWithComment()
      // A purge whose write this D1 has not reached yet (a bookmark past any): the page rendered
      // now may be older than it, so it is served but not kept.
      await bumpVersions(env.PAGE_VERSIONS, [`perfil:${writer.subdomain}`], 'ffffffff-ffffffff-ffffffff')
      const first = await get(url)
      expect(cacheOf(first)).toBe('miss')
      expect(first.headers.has('x-pagina-depende')).toBe(false)
      expect(first.headers.has('x-pagina-versoes')).toBe(false)
      expect(cacheOf(await get(url))).toBe('miss')
      // Once a purge the render has seen replaces it, the page is kept again.
      expect((await rename(writer, writerCookie, 'Autora Guardada Teste')).status).toBe(200)
      await get(url)
      const hit = await get(url)
      expect(cacheOf(hit)).toBe('hit')
      expect(hit.headers.has('x-pagina-depende')).toBe(false)
      expect(hit.headers.has('x-pagina-versoes')).toBe(false)
      const mine = await get(url, { headers: { Cookie: writerCookie } })
      expect(cacheOf(mine)).toBe('bypass')
      expect(mine.headers.has('x-pagina-depende')).toBe(false)
    })
  })
})
