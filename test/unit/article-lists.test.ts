import { describe, expect, it } from 'vitest'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import { follows } from '~/db/schema-network'
import {
  homeFeed,
  listArticles,
  listAuthorArticles,
  listCommunityArticles,
  readArticlesPage,
} from '~/domain/articles/lists.server'
import { readingMinutes } from '~/domain/articles/markdown.server'
import { scope } from '~/domain/cache/page-rules'
import { bumpVersions } from '~/domain/cache/versions.server'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, get, postJson, sessionCookie } from './helpers'

const db = () => deps().db
let serial = 0

async function newCommunity() {
  serial += 1
  const slug = `tema-listas-${Date.now().toString(36)}-${serial}`
  const [row] = await db()
    .insert(communities)
    .values({ slug, name: `Tema das listas ${serial}`, kind: 'tema' })
    .returning()
  if (!row) throw new Error('community not inserted')
  return row
}

/** Articles written straight into the table, with the dates and votes a test needs. */
async function write(
  authorId: number,
  communityId: number,
  items: { title: string; at: number; up?: number; down?: number; body?: string }[],
) {
  // D1 binds at most 100 values a statement: a few rows at a time.
  for (let start = 0; start < items.length; start += 5) await insertSome(items.slice(start, start + 5))
  async function insertSome(some: typeof items) {
    await db()
      .insert(articles)
      .values(
        some.map((item) => ({
          authorId,
          communityId,
          title: item.title,
          slug: 'artigo-de-teste',
          body: item.body ?? `## ${item.title}\n\nTexto do artigo.`,
          positiveVotes: item.up ?? 0,
          negativeVotes: item.down ?? 0,
          createdAt: item.at,
        })),
      )
  }
}

const titles = (list: { title: string }[]) => list.map((a) => a.title)
// Far in the future, so these tests' articles lead the site-wide lists whatever else exists.
const FUTURE = Date.UTC(2090, 0, 1)

describe('article lists (decisions/0027)', () => {
  it('orders a community newest first or most voted first (score, then newest), and leaves others out', async () => {
    const author = await createUser()
    const [mine, other] = [await newCommunity(), await newCommunity()]
    await write(author.id, mine.id, [
      { title: 'Antigo e muito votado', at: 1_000, up: 9, down: 1 },
      { title: 'Recente sem votos', at: 3_000 },
      { title: 'Meio com empate', at: 2_000, up: 5, down: 3 },
      { title: 'Antigo com empate', at: 1_500, up: 3, down: 1 },
    ])
    await write(author.id, other.id, [{ title: 'De outra comunidade', at: 4_000, up: 50 }])
    const recent = await listCommunityArticles(deps(), mine.id, { order: 'recentes', page: 1 })
    expect(titles(recent.articles)).toEqual([
      'Recente sem votos',
      'Meio com empate',
      'Antigo com empate',
      'Antigo e muito votado',
    ])
    expect(recent.hasNext).toBe(false)
    const voted = await listCommunityArticles(deps(), mine.id, { order: 'votados', page: 1 })
    expect(titles(voted.articles)).toEqual([
      'Antigo e muito votado',
      'Meio com empate',
      'Antigo com empate',
      'Recente sem votos',
    ])
    const [first] = voted.articles
    expect(first).toMatchObject({
      positives: 9,
      negatives: 1,
      comments: 0,
      author: { name: author.name, url: `http://${author.subdomain}.localhost:8787` },
      community: { name: mine.name, href: `/comunidades/${mine.slug}` },
    })
    expect(first?.href).toBe(`/artigos/artigo-de-teste-${first?.id}`)
  })

  it('orders the whole site the same way, and an author’s list is theirs, newest first', async () => {
    const [author, someone] = [await createUser(), await createUser()]
    const place = await newCommunity()
    await write(author.id, place.id, [
      { title: 'Site: o mais novo', at: FUTURE + 3, up: 1 },
      { title: 'Site: o mais votado', at: FUTURE + 1, up: 100_000 },
    ])
    await write(someone.id, place.id, [{ title: 'Site: de outra pessoa', at: FUTURE + 2, up: 99_999 }])
    const recent = await listArticles(deps(), { order: 'recentes', page: 1 })
    expect(titles(recent.articles).slice(0, 3)).toEqual([
      'Site: o mais novo',
      'Site: de outra pessoa',
      'Site: o mais votado',
    ])
    const voted = await listArticles(deps(), { order: 'votados', page: 1 })
    expect(titles(voted.articles).slice(0, 2)).toEqual(['Site: o mais votado', 'Site: de outra pessoa'])
    const theirs = await listAuthorArticles(deps(), author.id, { page: 1 })
    expect(titles(theirs.articles)).toEqual(['Site: o mais novo', 'Site: o mais votado'])
  })

  it('pages by 20 without counting: a next page while there is one, unknown pages empty, not errors', async () => {
    const author = await createUser()
    const place = await newCommunity()
    await write(
      author.id,
      place.id,
      Array.from({ length: 23 }, (_, i) => ({
        title: `Artigo ${String(i).padStart(2, '0')}`,
        at: 10_000 + i,
      })),
    )
    const one = await listCommunityArticles(deps(), place.id, { order: 'recentes', page: 1 })
    expect(one.articles).toHaveLength(20)
    expect(one.articles[0]?.title).toBe('Artigo 22')
    expect(one.hasNext).toBe(true)
    const two = await listCommunityArticles(deps(), place.id, { order: 'recentes', page: 2 })
    expect(titles(two.articles)).toEqual(['Artigo 02', 'Artigo 01', 'Artigo 00'])
    expect(two.hasNext).toBe(false)
    for (const page of [3, 501, 123_456_789])
      expect(await listCommunityArticles(deps(), place.id, { order: 'recentes', page })).toMatchObject({
        articles: [],
        hasNext: false,
      })
    expect([
      readArticlesPage('abc'),
      readArticlesPage('-2'),
      readArticlesPage('0'),
      readArticlesPage('7'),
    ]).toEqual([1, 1, 1, 7])
    expect(readArticlesPage('99999999999')).toBe(1)

    const page2 = await get(`/comunidades/${place.slug}?page=2`)
    expect(page2.status).toBe(200)
    const html = await page2.text()
    expect(html).toContain('Artigo 00')
    expect(html).not.toContain('Artigo 22')
    expect(html).toContain('rel="prev"')
    const far = await get('/artigos?page=99999999')
    expect(far.status).toBe(200)
    expect(await far.text()).toContain('Não há artigos nesta página.')
  })

  it('gives the home feed from followed communities, or the popular ones', async () => {
    const author = await createUser()
    const [followed, unfollowed, quiet] = [await newCommunity(), await newCommunity(), await newCommunity()]
    await write(author.id, followed.id, [
      { title: 'Feed: primeiro', at: 5_000 },
      { title: 'Feed: segundo', at: 6_000 },
    ])
    await write(author.id, unfollowed.id, [{ title: 'Feed: não seguida', at: 7_000 }])
    const reader = await createUser()
    await db().insert(follows).values({ userId: reader.id, kind: 'comunidade', targetId: followed.id })
    const feed = await homeFeed(deps(), reader.id)
    expect(feed.source).toBe('seguidas')
    expect(titles(feed.articles)).toEqual(['Feed: segundo', 'Feed: primeiro'])

    const popular = titles((await listArticles(deps(), { order: 'votados', page: 1 })).articles).slice(0, 5)
    expect(await homeFeed(deps(), null)).toMatchObject({ source: 'populares' })
    expect(titles((await homeFeed(deps(), null)).articles)).toEqual(popular)
    // Following only a community without articles is like following none.
    const newcomer = await createUser()
    await db().insert(follows).values({ userId: newcomer.id, kind: 'comunidade', targetId: quiet.id })
    expect(titles((await homeFeed(deps(), newcomer.id)).articles)).toEqual(popular)

    const home = await (await get('/', { headers: { Cookie: await sessionCookie(reader.id) } })).text()
    expect(home).toContain('Das suas comunidades')
    expect(home).toContain('Feed: segundo')
    expect(home).not.toContain('Feed: não seguida')
    // The articles above were written straight to the database; publishing bumps the lists' scope,
    // as here: another file sharing this runtime may have left a home cached before any article.
    await bumpVersions(deps().pageVersions, [scope.articles], null)
    expect(await (await get('/')).text()).toContain('Artigos em destaque')
  })

  it('makes a plain-text excerpt and the page’s reading time without reading the whole body', async () => {
    const author = await createUser()
    const place = await newCommunity()
    const words = Array.from({ length: 450 }, (_, i) => `palavra${i}`)
    const body = `# Título interno\n\nVeja **a decisão** do [STJ](https://stj.jus.br/x) sobre o tema:\n\n- primeiro ponto\n- segundo ponto\n\n${words.join(' ')}`
    await write(author.id, place.id, [{ title: 'Com Markdown', at: 1, body }])
    const [summary] = (await listCommunityArticles(deps(), place.id, { order: 'recentes', page: 1 })).articles
    expect(
      summary?.excerpt.startsWith('Título interno Veja a decisão do STJ sobre o tema: primeiro ponto'),
    ).toBe(true)
    expect(summary?.excerpt).not.toMatch(/[#*[\]]|https:/)
    expect(summary?.excerpt.length).toBeLessThanOrEqual(161)
    expect(summary?.excerpt.endsWith('…')).toBe(true)
    expect(summary?.minutes).toBe(readingMinutes(body))
  })

  it('shows a published article on /artigos, its community, its author’s profile; deleted, it is gone', async () => {
    const author = await createUser({ name: 'Autora das Listas' })
    const cookie = await sessionCookie(author.id)
    const place = await newCommunity()
    await mayPublishIn(author.id, place.id)
    const title = `Usucapião extrajudicial ${Date.now()}`
    const published = await postJson(
      '/ajax/artigos',
      { titulo: title, comunidade_id: String(place.id), conteudo: 'Primeiro parágrafo do artigo.' },
      { Cookie: cookie },
    )
    expect(published.status).toBe(200)
    const { artigo } = (await published.json()) as { artigo: { id: number; url: string } }
    const pages = ['/artigos', `/comunidades/${place.slug}`, `http://${author.subdomain}.localhost:8787/`]
    for (const path of pages) {
      const html = await (await get(path)).text()
      expect(html, path).toContain(title)
      expect(html, path).toContain(artigo.url)
    }
    const removed = await postJson(`/ajax/artigos/${artigo.id}/excluir`, {}, { Cookie: cookie })
    expect(removed.status).toBe(200)
    for (const path of pages) expect(await (await get(path)).text(), path).not.toContain(title)
    expect((await listAuthorArticles(deps(), author.id, { page: 1 })).articles).toEqual([])
  })

  it('lists an author on /artigos?autor=, and an unknown author is the 404 page', async () => {
    const author = await createUser({ name: 'Autor Paginado' })
    const place = await newCommunity()
    await write(
      author.id,
      place.id,
      Array.from({ length: 11 }, (_, i) => ({ title: `Do autor ${i}`, at: 20_000 + i })),
    )
    const profile = await (await get(`http://${author.subdomain}.localhost:8787/`)).text()
    expect(profile).toContain('Do autor 10')
    expect(profile).not.toContain('Do autor 0<')
    expect(profile).toContain(`/artigos?autor=${author.subdomain}`)
    const all = await get(`/artigos?autor=${author.subdomain}`)
    expect(all.status).toBe(200)
    const html = await all.text()
    expect(html).toContain('Artigos de Autor Paginado')
    expect(html).toContain('Do autor 0<')
    expect((await get('/artigos?autor=ninguem-com-este-nome')).status).toBe(404)
  })
})
