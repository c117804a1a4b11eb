import { env } from 'cloudflare:test'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { companies, people } from '~/db/schema-corpus'
import { follows } from '~/db/schema-network'
import { bumpVersions } from '~/domain/cache/versions.server'
import { purgeImported } from '~/domain/corpus/import/purge.server'
import { upsertLawsuits } from '~/domain/corpus/store/lawsuits.server'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'
import { cacheOf, firstCommunity, publicLawsuit, publishArticle, rename } from './page-cache-helpers'
import { profileBase } from './profiles-helpers'

describe('edge page cache: what changes shows to the next visitor', () => {
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
    expect(await purgeImported(deps().corpus, env.PAGE_VERSIONS, since)).toBeGreaterThanOrEqual(1)
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
