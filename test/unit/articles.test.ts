import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles, articleVotes, comments } from '~/db/schema-articles'
import { mayPublishIn } from './article-helpers'
import { BASE, createUser, deps, eventually, get, postJson, sessionCookie } from './helpers'

const db = () => deps().db

async function author() {
  const user = await createUser({ name: 'Autora Teste' })
  await mayPublishIn(user.id, await communityId())
  return { user, cookie: await sessionCookie(user.id) }
}

async function communityId() {
  const [row] = await db().select({ id: communities.id }).from(communities).limit(1)
  if (!row) throw new Error('no community')
  return row.id
}

async function publish(cookie: string, title = 'Prescrição intercorrente na execução fiscal') {
  const response = await postJson(
    '/ajax/artigos',
    { titulo: title, comunidade_id: String(await communityId()), conteudo: '# Texto\n\nCorpo do artigo.' },
    { Cookie: cookie },
  )
  expect(response.status).toBe(200)
  return (await response.json()) as { artigo: { id: number; url: string }; redirect_url: string }
}

async function counts(id: number) {
  const [row] = await db()
    .select({ p: articles.positiveVotes, n: articles.negativeVotes, c: articles.commentCount })
    .from(articles)
    .where(eq(articles.id, id))
  const votes = await db().select().from(articleVotes).where(eq(articleVotes.articleId, id))
  return {
    ...row,
    rowsP: votes.filter((v) => v.kind === 'POSITIVO').length,
    rowsN: votes.filter((v) => v.kind === 'NEGATIVO').length,
  }
}

describe('articles: writing and ownership', () => {
  it('publishes at /artigos/{slug}-{id}, and only the author edits or deletes', async () => {
    const writer = await author()
    const other = await author()
    const { artigo, redirect_url } = await publish(writer.cookie)
    expect(artigo.url).toBe(`/artigos/prescricao-intercorrente-na-execucao-fiscal-${artigo.id}`)
    expect(redirect_url).toBe(artigo.url)
    const body = { titulo: 'Outro título', comunidade_id: await communityId(), conteudo: 'Novo texto' }

    const intruderEdit = await postJson(`/ajax/artigos/${artigo.id}/editar`, body, { Cookie: other.cookie })
    expect(intruderEdit.status).toBe(403)
    expect(await intruderEdit.json()).toMatchObject({ errors: ['Somente o autor pode alterar este artigo.'] })
    const intruderDelete = await postJson(`/ajax/artigos/${artigo.id}/excluir`, {}, { Cookie: other.cookie })
    expect(intruderDelete.status).toBe(403)
    const [kept] = await db().select().from(articles).where(eq(articles.id, artigo.id))
    expect(kept?.title).toBe('Prescrição intercorrente na execução fiscal')

    const edited = await postJson(`/ajax/artigos/${artigo.id}/editar`, body, { Cookie: writer.cookie })
    expect(await edited.json()).toMatchObject({
      status: 'success',
      artigo: { url: `/artigos/outro-titulo-${artigo.id}` },
    })
    const removed = await postJson(`/ajax/artigos/${artigo.id}/excluir`, {}, { Cookie: writer.cookie })
    expect(removed.status).toBe(200)
    expect(await db().select().from(articles).where(eq(articles.id, artigo.id))).toEqual([])
  })

  it('refuses bad input with the spec wording and writes nothing', async () => {
    const writer = await author()
    const before = (await db().select({ id: articles.id }).from(articles)).length
    const cases: [Record<string, unknown>, string][] = [
      [{ titulo: 'Título', conteudo: 'Texto' }, 'É necessário escolher uma comunidade.'],
      [
        { titulo: 'Título', comunidade_id: 'abc', conteudo: 'Texto' },
        'É necessário escolher uma comunidade.',
      ],
      [
        { titulo: 'x'.repeat(201), comunidade_id: '1', conteudo: 'Texto' },
        'O título pode ter até 200 caracteres.',
      ],
      [
        { titulo: 'Título', comunidade_id: '1', conteudo: 'á'.repeat(60_000) },
        'O texto pode ter até 100 KB.',
      ],
      [{ titulo: ' ', comunidade_id: '1', conteudo: 'Texto' }, 'Informe o título do artigo.'],
      [{ titulo: 'Título', comunidade_id: '999999', conteudo: 'Texto' }, 'Comunidade não encontrada.'],
    ]
    for (const [body, message] of cases) {
      const response = await postJson('/ajax/artigos', body, { Cookie: writer.cookie })
      expect(response.status, message).toBe(422)
      expect(((await response.json()) as { errors: string[] }).errors).toContain(message)
    }
    expect((await db().select({ id: articles.id }).from(articles)).length).toBe(before)
    expect((await postJson('/ajax/artigos', cases[0]?.[0])).status).toBe(401)
  })
})

describe('votes (spec §4 "Votes")', () => {
  it('goes through every transition with exact counts', async () => {
    const writer = await author()
    const reader = await author()
    const { artigo } = await publish(writer.cookie)
    const votar = async (kind: string) =>
      (await (
        await postJson(
          `/ajax/artigos/${artigo.id}/votar`,
          { 'tipo-de-voto': kind },
          { Cookie: reader.cookie },
        )
      ).json()) as { positivos: number; negativos: number; voto: string | null }
    expect(await votar('POSITIVO')).toMatchObject({ positivos: 1, negativos: 0, voto: 'POSITIVO' })
    expect(await votar('POSITIVO')).toMatchObject({ positivos: 0, negativos: 0, voto: null })
    expect(await votar('NEGATIVO')).toMatchObject({ positivos: 0, negativos: 1, voto: 'NEGATIVO' })
    expect(await votar('POSITIVO')).toMatchObject({ positivos: 1, negativos: 0, voto: 'POSITIVO' })
    expect(await votar('NEGATIVO')).toMatchObject({ positivos: 0, negativos: 1, voto: 'NEGATIVO' })
    expect(await votar('NEGATIVO')).toMatchObject({ positivos: 0, negativos: 0, voto: null })
    const bad = await postJson(
      `/ajax/artigos/${artigo.id}/votar`,
      { 'tipo-de-voto': 'TALVEZ' },
      { Cookie: reader.cookie },
    )
    expect(bad.status).toBe(422)
    expect(
      (
        await postJson(
          '/ajax/artigos/999999999/votar',
          { 'tipo-de-voto': 'POSITIVO' },
          { Cookie: reader.cookie },
        )
      ).status,
    ).toBe(404)
    expect((await postJson(`/ajax/artigos/${artigo.id}/votar`, { 'tipo-de-voto': 'POSITIVO' })).status).toBe(
      401,
    )
  })

  it('keeps counts equal to the rows under concurrent votes', async () => {
    const writer = await author()
    const { artigo } = await publish(writer.cookie)
    const voters = await Promise.all(Array.from({ length: 30 }, () => author()))
    await Promise.all(
      voters.flatMap(({ cookie }, i) => [
        postJson(
          `/ajax/artigos/${artigo.id}/votar`,
          { 'tipo-de-voto': i % 3 ? 'POSITIVO' : 'NEGATIVO' },
          { Cookie: cookie },
        ),
        postJson(
          `/ajax/artigos/${artigo.id}/votar`,
          { 'tipo-de-voto': i % 2 ? 'POSITIVO' : 'NEGATIVO' },
          { Cookie: cookie },
        ),
      ]),
    )
    const after = await counts(artigo.id)
    expect(after.p).toBe(after.rowsP)
    expect(after.n).toBe(after.rowsN)
  })
})

describe('comments and replies', () => {
  it('answers the comment and its URL, replies to a root comment only, and tells the author once', async () => {
    const writer = await author()
    const reader = await author()
    const { artigo } = await publish(writer.cookie)
    const sent = await postJson(
      `/ajax/artigos/${artigo.id}/comentarios`,
      { conteudo: ' Ótimo texto. ' },
      { Cookie: reader.cookie },
    )
    const answer = (await sent.json()) as {
      status: string
      comentario: { id: number; conteudo: string }
      urlComentario: string
    }
    expect(answer).toMatchObject({ status: 'success', comentario: { conteudo: 'Ótimo texto.' } })
    expect(answer.urlComentario).toBe(`${artigo.url}#comentario-${answer.comentario.id}`)

    const reply = await postJson(
      `/ajax/comentarios/${answer.comentario.id}/respostas`,
      { conteudo: 'Obrigada!' },
      { Cookie: writer.cookie },
    )
    const replied = (await reply.json()) as { comentario: { id: number; resposta_de: number } }
    expect(replied.comentario.resposta_de).toBe(answer.comentario.id)
    const nested = await postJson(
      `/ajax/comentarios/${replied.comentario.id}/respostas`,
      { conteudo: 'x' },
      { Cookie: reader.cookie },
    )
    expect(nested.status).toBe(422)

    for (const [body, message] of [
      [{ conteudo: '   ' }, 'Informe o comentário.'],
      [{}, 'Informe o comentário.'],
      [{ conteudo: 'x'.repeat(5001) }, 'O comentário pode ter até 5.000 caracteres.'],
    ] as const) {
      const refused = await postJson(`/ajax/artigos/${artigo.id}/comentarios`, body, {
        Cookie: reader.cookie,
      })
      expect(refused.status).toBe(422)
      expect(((await refused.json()) as { errors: string[] }).errors).toContain(message)
    }
    expect((await counts(artigo.id)).c).toBe(2)

    const toWriter = await eventually(async () => {
      const rows = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `comentario:${answer.comentario.id}`))
      return rows.length ? rows : null
    })
    expect(toWriter[0]).toMatchObject({ userId: writer.user.id, kind: 'comentario' })
    const toReader = await eventually(async () => {
      const rows = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `comentario:${replied.comentario.id}`))
      return rows.length ? rows : null
    })
    expect(toReader[0]).toMatchObject({ userId: reader.user.id, kind: 'resposta' })
  })

  it('lets only the author remove a comment, and its replies survive', async () => {
    const writer = await author()
    const reader = await author()
    const { artigo } = await publish(writer.cookie)
    const sent = (await (
      await postJson(
        `/ajax/artigos/${artigo.id}/comentarios`,
        { conteudo: 'Primeiro' },
        { Cookie: reader.cookie },
      )
    ).json()) as { comentario: { id: number } }
    await postJson(
      `/ajax/comentarios/${sent.comentario.id}/respostas`,
      { conteudo: 'Resposta' },
      { Cookie: writer.cookie },
    )
    expect(
      (await postJson(`/ajax/comentarios/${sent.comentario.id}/excluir`, {}, { Cookie: writer.cookie }))
        .status,
    ).toBe(403)
    expect(
      (await postJson(`/ajax/comentarios/${sent.comentario.id}/excluir`, {}, { Cookie: reader.cookie }))
        .status,
    ).toBe(200)
    const rows = await db().select().from(comments).where(eq(comments.articleId, artigo.id))
    expect(rows).toHaveLength(2)
    expect(rows.find((r) => r.id === sent.comentario.id)?.deletedAt).not.toBeNull()
    expect((await counts(artigo.id)).c).toBe(1)
  })
})

describe('the article page', () => {
  it('shows the article, keeps old links by id, escapes what users typed, and keeps removed comments in place', async () => {
    const writer = await author()
    const reader = await author()
    const response = await postJson(
      '/ajax/artigos',
      {
        titulo: 'Título original',
        comunidade_id: String(await communityId()),
        conteudo: '## Seção\n\nTexto com <script>alert(1)</script> e [link](javascript:alert(1)).',
      },
      { Cookie: writer.cookie },
    )
    const { artigo } = (await response.json()) as { artigo: { id: number; url: string } }
    const sent = (await (
      await postJson(
        `/ajax/artigos/${artigo.id}/comentarios`,
        { conteudo: 'Comentário <b>x</b>' },
        { Cookie: reader.cookie },
      )
    ).json()) as { comentario: { id: number } }
    await postJson(
      `/ajax/comentarios/${sent.comentario.id}/respostas`,
      { conteudo: 'Resposta da autora' },
      { Cookie: writer.cookie },
    )
    await postJson(`/ajax/comentarios/${sent.comentario.id}/excluir`, {}, { Cookie: reader.cookie })

    const page = await get(artigo.url)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<h1 id="artigo-titulo">Título original</h1>')
    expect(html).toContain('<h2>Seção</h2>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('href="javascript:')
    expect(html).toContain('comentário removido')
    expect(html).toContain('Resposta da autora')
    expect(html).toContain('"@type":"Article"')
    expect(html).toContain(`<link rel="canonical" href="${BASE}${artigo.url}"/>`)

    await postJson(
      `/ajax/artigos/${artigo.id}/editar`,
      { titulo: 'Título novo', comunidade_id: await communityId(), conteudo: 'Texto' },
      { Cookie: writer.cookie },
    )
    const old = await get(artigo.url, { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(old.headers.get('location')).toBe(`/artigos/titulo-novo-${artigo.id}`)
    expect((await get('/artigos/nada-999999999')).status).toBe(404)
    expect((await get('/artigos/sem-id')).status).toBe(404)
  })
})
