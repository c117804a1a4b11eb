import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { follows } from '~/db/schema-network'
import { nextVoteState, type VoteState } from '~/domain/articles/vote-state'
import { mayPublishIn } from './article-helpers'
import { createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'

const db = () => deps().db

async function writer(name = 'Escritora Teste') {
  const user = await createUser({ name })
  await mayPublishIn(user.id, (await someCommunity()).id)
  return { user, cookie: await sessionCookie(user.id) }
}

async function someCommunity() {
  const [row] = await db().select().from(communities).limit(1)
  if (!row) throw new Error('no community')
  return row
}

async function publish(cookie: string, communityId: number, titulo = 'Usucapião extrajudicial na prática') {
  const response = await postJson(
    '/ajax/artigos',
    { titulo, comunidade_id: communityId, conteudo: 'Texto do artigo.' },
    { Cookie: cookie },
  )
  expect(response.status).toBe(200)
  return ((await response.json()) as { artigo: { id: number; url: string } }).artigo
}

describe('the article form pages', () => {
  it('sends an anonymous visitor to the login with the way back, and opens the form for a user', async () => {
    const anonymous = await get('/artigos/novo', { redirect: 'manual' })
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe('/login?auth.redirect=%2Fartigos%2Fnovo')

    const community = await someCommunity()
    const me = await writer()
    const page = await get(`/artigos/novo?comunidade=${community.slug}`, { headers: { Cookie: me.cookie } })
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Escrever artigo')
    // The community named in the URL is already chosen, so the form works without JavaScript too.
    expect(html).toContain(`name="comunidade_id" value="${community.id}"`)
    expect(html).toContain('action="/ajax/artigos"')
  })

  it('opens the edit form to the author only', async () => {
    const community = await someCommunity()
    const author = await writer()
    const other = await writer('Outra Pessoa')
    const article = await publish(author.cookie, community.id, 'Título para editar')

    const mine = await get(`/artigos/${article.id}/editar`, { headers: { Cookie: author.cookie } })
    expect(mine.status).toBe(200)
    const html = await mine.text()
    expect(html).toContain('value="Título para editar"')
    expect(html).toContain(`action="/ajax/artigos/${article.id}/editar"`)
    expect(html).toContain('Excluir artigo')

    const theirs = await get(`/artigos/${article.id}/editar`, { headers: { Cookie: other.cookie } })
    expect(theirs.status).toBe(403)
    expect(await theirs.text()).not.toContain('Título para editar')
    expect((await get('/artigos/999999999/editar', { headers: { Cookie: author.cookie } })).status).toBe(404)
    expect((await get('/artigos/abc/editar', { headers: { Cookie: author.cookie } })).status).toBe(404)
  })

  it('shows the author an edit link on the article page, and nobody else', async () => {
    const community = await someCommunity()
    const author = await writer()
    const article = await publish(author.cookie, community.id)
    const own = await (await get(article.url, { headers: { Cookie: author.cookie } })).text()
    expect(own).toContain(`href="/artigos/${article.id}/editar"`)
    const anonymous = await (await get(article.url)).text()
    expect(anonymous).not.toContain(`/artigos/${article.id}/editar`)
    // The share buttons and their count are there for everyone.
    expect(anonymous).toContain('data-share-count="0"')
  })
})

describe('the preview', () => {
  it('renders with the page renderer, safe, for a logged-in writer only', async () => {
    const me = await writer()
    const response = await postJson(
      '/ajax/artigos/previa',
      { conteudo: '## Título\n\n<script>alert(1)</script> [x](javascript:alert(1))' },
      { Cookie: me.cookie },
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as { status: string; html: string; minutos: number }
    expect(body.status).toBe('success')
    expect(body.html).toContain('<h2>Título</h2>')
    expect(body.html).not.toContain('<script')
    expect(body.html).not.toMatch(/href="javascript:/i)
    expect(body.minutos).toBe(1)

    const anonymous = await postJson('/ajax/artigos/previa', { conteudo: 'x' })
    expect(anonymous.status).toBe(401)
    const tooBig = await postJson(
      '/ajax/artigos/previa',
      { conteudo: 'a'.repeat(100 * 1024 + 1) },
      { Cookie: me.cookie },
    )
    expect(tooBig.status).toBe(422)
    expect(await tooBig.json()).toMatchObject({ errors: ['O texto pode ter até 100 KB.'] })
  })
})

describe('the comment rate limit', () => {
  it('lets a conversation through and stops a flood, comments and replies counted together', async () => {
    const community = await someCommunity()
    const author = await writer()
    const article = await publish(author.cookie, community.id)
    const talker = await writer('Comentarista Rápida')
    const statuses: number[] = []
    let firstId = 0
    for (let i = 0; i < 6; i++) {
      const response = await postJson(
        `/ajax/artigos/${article.id}/comentarios`,
        { conteudo: `Comentário ${i}` },
        { Cookie: talker.cookie },
      )
      statuses.push(response.status)
      if (i === 0) firstId = ((await response.json()) as { comentario: { id: number } }).comentario.id
    }
    for (let i = 0; i < 4; i++) {
      const response = await postJson(
        `/ajax/comentarios/${firstId}/respostas`,
        { conteudo: `Resposta ${i}` },
        { Cookie: talker.cookie },
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual(Array(10).fill(200))
    const flood = await postJson(
      `/ajax/comentarios/${firstId}/respostas`,
      { conteudo: 'Mais uma' },
      { Cookie: talker.cookie },
    )
    expect(flood.status).toBe(429)
    expect(await flood.json()).toMatchObject({
      errors: ['Você enviou muitos comentários em pouco tempo. Aguarde um minuto e tente de novo.'],
    })
    // Someone else is not held back by another person's flood.
    const other = await writer('Outra Comentarista')
    const theirs = await postJson(
      `/ajax/artigos/${article.id}/comentarios`,
      { conteudo: 'Meu comentário' },
      { Cookie: other.cookie },
    )
    expect(theirs.status).toBe(200)
  })
})

describe('a new article in a community one follows', () => {
  it("tells each follower once through the queue, never the author, and nobody after it's removed", async () => {
    const community = await someCommunity()
    const author = await writer('Autora da Comunidade')
    const readers = await Promise.all(
      ['Leitora Um', 'Leitor Dois'].map(async (name) => ({ user: await createUser({ name }) })),
    )
    // Not a writer: follows no community.
    const outsider = { user: await createUser({ name: 'Leitor Sem Comunidade' }) }
    for (const person of [author, ...readers])
      await db()
        .insert(follows)
        .values({ userId: person.user.id, kind: 'comunidade', targetId: community.id })
        .onConflictDoNothing()
    const article = await publish(author.cookie, community.id, 'Novidades sobre o tema')

    // Earlier tests' writers are members of this community too: only these readers are asserted.
    const ids = readers.map((r) => r.user.id)
    const delivered = await eventually(async () => {
      const rows = (
        await db()
          .select()
          .from(notifications)
          .where(like(notifications.dedupeKey, `artigo:${article.id}:%`))
      ).filter((row) => ids.includes(row.userId))
      return rows.length === readers.length ? rows : null
    })
    expect(delivered.map((row) => row.userId).sort()).toEqual(ids.sort())
    for (const row of delivered) {
      expect(row.kind).toBe('artigo-comunidade')
      expect(row.title).toBe(`Autora da Comunidade publicou “Novidades sobre o tema” em ${community.name}.`)
      expect(row.url).toContain(article.url)
    }
    const toOthers = await db()
      .select()
      .from(notifications)
      .where(
        and(
          like(notifications.dedupeKey, `artigo:${article.id}:%`),
          eq(notifications.userId, outsider.user.id),
        ),
      )
    expect(toOthers).toEqual([])

    // Published and removed before the queue ran: nobody hears of a removed article.
    const gone = await publish(author.cookie, community.id, 'Removido logo em seguida')
    const { fanOutCommunityArticle } = await import('~/domain/articles/fan-out.server')
    await postJson(`/ajax/artigos/${gone.id}/excluir`, {}, { Cookie: author.cookie })
    expect(
      await fanOutCommunityArticle(deps(), { type: 'community-article', articleId: gone.id, dedupeKey: 'x' }),
    ).toMatchObject({ recipients: 0 })
  })
})

describe('the community fan-out, chunk by chunk', () => {
  it('writes every follower once across chunks, and a redelivery or a resumed run writes nothing more', async () => {
    const community = await someCommunity()
    const author = await writer('Autora Fan-out')
    const followers = await Promise.all(Array.from({ length: 7 }, (_, i) => writer(`Seguidora ${i}`)))
    for (const person of [author, ...followers])
      await db()
        .insert(follows)
        .values({ userId: person.user.id, kind: 'comunidade', targetId: community.id })
        .onConflictDoNothing()
    const article = await publish(author.cookie, community.id, 'Artigo para muitos')
    const { fanOutCommunityArticle } = await import('~/domain/articles/fan-out.server')
    const message = { type: 'community-article' as const, articleId: article.id, dedupeKey: 'x' }
    // Chunks of 2 over everyone following the community (earlier tests' users included).
    await fanOutCommunityArticle(deps(), message, 2)
    const again = await fanOutCommunityArticle(deps(), message, 3)
    expect(again.recipients).toBe(0)
    const rows = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(like(notifications.dedupeKey, `artigo:${article.id}:%`))
    const everyone = await db()
      .select({ userId: follows.userId })
      .from(follows)
      .where(and(eq(follows.kind, 'comunidade'), eq(follows.targetId, community.id)))
    const expected = everyone.map((f) => f.userId).filter((id) => id !== author.user.id)
    expect(rows.map((r) => r.userId).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b))
    for (const f of followers) expect(expected).toContain(f.user.id)
  })
})

describe('votes on your article, grouped', () => {
  it('one "recebeu N votos" per article per day, recounted, never for one\'s own vote', async () => {
    const community = await someCommunity()
    const author = await writer('Autora Votada')
    const article = await publish(author.cookie, community.id, 'Artigo muito votado')
    const voters = await Promise.all([writer('Votante 1'), writer('Votante 2'), writer('Votante 3')])
    await postJson(
      `/ajax/artigos/${article.id}/votar`,
      { 'tipo-de-voto': 'POSITIVO' },
      { Cookie: author.cookie },
    )
    for (const [i, voter] of voters.entries())
      await postJson(
        `/ajax/artigos/${article.id}/votar`,
        { 'tipo-de-voto': i === 2 ? 'NEGATIVO' : 'POSITIVO' },
        { Cookie: voter.cookie },
      )
    const rows = await eventually(async () => {
      const found = await db()
        .select()
        .from(notifications)
        .where(like(notifications.dedupeKey, `votos:${article.id}:%`))
      return found[0]?.title.includes('3 votos') ? found : null
    })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      userId: author.user.id,
      kind: 'votos',
      title: 'Seu artigo “Artigo muito votado” recebeu 3 votos hoje.',
    })
    expect(rows[0]?.url).toContain(article.url)
  })
})

describe('vote arithmetic on screen (spec §4)', () => {
  const s = (positives: number, negatives: number, vote: VoteState['vote']): VoteState => ({
    positives,
    negatives,
    vote,
  })
  it('toggles a side by ±1 and switching gives the other side back', () => {
    expect(nextVoteState(s(3, 1, null), 'POSITIVO')).toEqual(s(4, 1, 'POSITIVO'))
    expect(nextVoteState(s(4, 1, 'POSITIVO'), 'POSITIVO')).toEqual(s(3, 1, null))
    expect(nextVoteState(s(4, 1, 'POSITIVO'), 'NEGATIVO')).toEqual(s(3, 2, 'NEGATIVO'))
    expect(nextVoteState(s(3, 2, 'NEGATIVO'), 'POSITIVO')).toEqual(s(4, 1, 'POSITIVO'))
    expect(nextVoteState(s(3, 2, 'NEGATIVO'), 'NEGATIVO')).toEqual(s(3, 1, null))
    expect(nextVoteState(s(0, 0, null), 'NEGATIVO')).toEqual(s(0, 1, 'NEGATIVO'))
  })
})
