import { communities } from '~/db/schema-accounts'
import { mayPublishIn } from '../article-helpers'
import { deps, get, postJson } from '../helpers'
import { type Case, type Cases, viewer } from './case'

// Articles, comments and votes (decisions/0070): each call's success and its errors.

async function communityId() {
  const [row] = await deps()
    .db.select({ id: communities.id, name: communities.name })
    .from(communities)
    .limit(1)
  if (!row) throw new Error('no community')
  return row
}

/** An author allowed to publish, and one article of theirs. */
async function authorWithArticle() {
  const { user, headers } = await viewer()
  const community = await communityId()
  await mayPublishIn(user.id, community.id)
  const made = (await (
    await postJson(
      '/ajax/artigos',
      { titulo: 'Artigo do contrato', comunidade_id: String(community.id), conteudo: 'Corpo do artigo.' },
      headers,
    )
  ).json()) as { artigo: { id: number } }
  return { headers, community, id: made.artigo.id }
}

const fields = (communityId: number) => ({
  titulo: 'Prescrição intercorrente',
  comunidade_id: String(communityId),
  conteudo: '# Texto\n\nCorpo.',
})

async function commentOn(articleId: number, headers: Record<string, string>) {
  const answer = (await (
    await postJson(`/ajax/artigos/${articleId}/comentarios`, { conteudo: 'Um comentário.' }, headers)
  ).json()) as { comentario: { id: number } }
  return answer.comentario.id
}

export const articleCases: Cases = {
  articleCommunities: async () => {
    const { headers, community } = await authorWithArticle()
    const path = '/ajax/artigos/comunidades'
    return [
      {
        name: 'busca',
        ok: true,
        status: 200,
        call: () =>
          get(`${path}?comunidade_nome=${encodeURIComponent(community.name.slice(0, 4))}`, { headers }),
      },
      {
        name: 'curto demais',
        ok: true,
        status: 200,
        call: () => get(`${path}?comunidade_nome=a`, { headers }),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => get(`${path}?comunidade_nome=dir`) },
    ]
  },
  articlePublish: async () => {
    const { headers, community } = await authorWithArticle()
    const stranger = await viewer()
    return [
      {
        name: 'publica',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/artigos', fields(community.id), headers),
      },
      {
        name: 'sem título',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/artigos', { ...fields(community.id), titulo: '' }, headers),
      },
      {
        name: 'e-mail não confirmado',
        ok: false,
        status: 403,
        call: () => postJson('/ajax/artigos', fields(community.id), stranger.headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/artigos', fields(community.id)),
      },
    ]
  },
  articlePreview: async () => {
    const { headers } = await viewer()
    return [
      {
        name: 'prévia',
        ok: true,
        status: 200,
        call: () => postJson('/ajax/artigos/previa', { conteudo: '**negrito**' }, headers),
      },
      {
        name: 'longo demais',
        ok: false,
        status: 422,
        call: () => postJson('/ajax/artigos/previa', { conteudo: 'a'.repeat(200_000) }, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson('/ajax/artigos/previa', { conteudo: 'a' }),
      },
    ]
  },
  articleEdit: async () => {
    const { headers, community, id } = await authorWithArticle()
    const other = await viewer()
    const path = `/ajax/artigos/${id}/editar`
    return [
      { name: 'salva', ok: true, status: 200, call: () => postJson(path, fields(community.id), headers) },
      {
        name: 'de outra pessoa',
        ok: false,
        status: 403,
        call: () => postJson(path, fields(community.id), other.headers),
      },
      {
        name: 'id inválido',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/artigos/abc/editar', fields(community.id), headers),
      },
      {
        name: 'sem conteúdo',
        ok: false,
        status: 422,
        call: () => postJson(path, { ...fields(community.id), conteudo: ' ' }, headers),
      },
    ]
  },
  articleDelete: async () => {
    const { headers, id } = await authorWithArticle()
    const other = await viewer()
    return [
      {
        name: 'de outra pessoa',
        ok: false,
        status: 403,
        call: () => postJson(`/ajax/artigos/${id}/excluir`, {}, other.headers),
      },
      {
        name: 'exclui',
        ok: true,
        status: 200,
        call: () => postJson(`/ajax/artigos/${id}/excluir`, {}, headers),
      },
      {
        name: 'já excluído',
        ok: false,
        status: 404,
        call: () => postJson(`/ajax/artigos/${id}/excluir`, {}, headers),
      },
    ]
  },
  articleVote: async () => {
    const { id } = await authorWithArticle()
    const { headers } = await viewer()
    const path = `/ajax/artigos/${id}/votar`
    return [
      {
        name: 'vota',
        ok: true,
        status: 200,
        call: () => postJson(path, { 'tipo-de-voto': 'POSITIVO' }, headers),
      },
      {
        name: 'desfaz',
        ok: true,
        status: 200,
        call: () => postJson(path, { 'tipo-de-voto': 'POSITIVO' }, headers),
      },
      {
        name: 'tipo inválido',
        ok: false,
        status: 422,
        call: () => postJson(path, { 'tipo-de-voto': 'X' }, headers),
      },
      {
        name: 'artigo inexistente',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/artigos/999999999/votar', { 'tipo-de-voto': 'NEGATIVO' }, headers),
      },
      {
        name: 'sem sessão',
        ok: false,
        status: 401,
        call: () => postJson(path, { 'tipo-de-voto': 'POSITIVO' }),
      },
    ]
  },
  articleComment: async () => {
    const { id } = await authorWithArticle()
    const { headers } = await viewer()
    const path = `/ajax/artigos/${id}/comentarios`
    return [
      {
        name: 'comenta',
        ok: true,
        status: 200,
        call: () => postJson(path, { conteudo: 'Bom texto.' }, headers),
      },
      { name: 'vazio', ok: false, status: 422, call: () => postJson(path, { conteudo: ' ' }, headers) },
      {
        name: 'artigo inexistente',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/artigos/999999999/comentarios', { conteudo: 'Oi.' }, headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { conteudo: 'Oi.' }) },
    ]
  },
  commentReply: async (): Promise<Case[]> => {
    const { id, headers: author } = await authorWithArticle()
    const comment = await commentOn(id, author)
    const { headers } = await viewer()
    const reply = (await (
      await postJson(`/ajax/comentarios/${comment}/respostas`, { conteudo: 'Primeira resposta.' }, headers)
    ).json()) as { comentario: { id: number } }
    const path = `/ajax/comentarios/${comment}/respostas`
    return [
      {
        name: 'responde',
        ok: true,
        status: 200,
        call: () => postJson(path, { conteudo: 'Concordo.' }, headers),
      },
      {
        name: 'resposta a uma resposta',
        ok: false,
        status: 422,
        call: () =>
          postJson(`/ajax/comentarios/${reply.comentario.id}/respostas`, { conteudo: 'Não.' }, headers),
      },
      {
        name: 'comentário inexistente',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/comentarios/x/respostas', { conteudo: 'Oi.' }, headers),
      },
      { name: 'sem sessão', ok: false, status: 401, call: () => postJson(path, { conteudo: 'Oi.' }) },
    ]
  },
  commentDelete: async () => {
    const { id, headers } = await authorWithArticle()
    const comment = await commentOn(id, headers)
    const other = await viewer()
    const path = `/ajax/comentarios/${comment}/excluir`
    return [
      { name: 'de outra pessoa', ok: false, status: 403, call: () => postJson(path, {}, other.headers) },
      { name: 'exclui', ok: true, status: 200, call: () => postJson(path, {}, headers) },
      {
        name: 'inexistente',
        ok: false,
        status: 404,
        call: () => postJson('/ajax/comentarios/0/excluir', {}, headers),
      },
    ]
  },
}
