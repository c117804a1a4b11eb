import { Hono } from 'hono'
import {
  articleComment,
  articleCommunities,
  articleDelete,
  articleEdit,
  articlePreview,
  articlePublish,
  articleVote,
  commentDelete,
  commentReply,
} from '~/api/endpoints/articles'
import { deleteArticle, editArticle, publishArticle } from '~/domain/articles/articles.server'
import { postComment, removeComment } from '~/domain/articles/comments.server'
import { communitiesForWriter, previewArticle } from '~/domain/articles/form.server'
import { vote } from '~/domain/articles/votes.server'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { register, reply } from '../lib/register'
import { respond } from '../lib/respond'

/**
 * Articles, votes and comments (issue 14): each mutation one route of the write path, declared in
 * app/api/endpoints/articles.ts (guard, limits, input); a path's id that is not a positive
 * integer is the article's or comment's 404, as before.
 */
export const articlesApi = new Hono<AppEnv>()

register(articlesApi, articleCommunities, async (c) => {
  c.header('Cache-Control', 'private, no-store')
  const found = await communitiesForWriter(c.var.deps, c.var.user.id, c.req.valid('query').comunidade_nome)
  return reply(c, articleCommunities, found)
})
register(articlesApi, articlePublish, async (c) =>
  respond(c, await publishArticle(c.var.deps, c.var.user, c.req.valid('form'))),
)
register(articlesApi, articlePreview, async (c) => respond(c, previewArticle(c.req.valid('form').conteudo)))
register(articlesApi, articleEdit, async (c) => {
  const { id, ...input } = c.req.valid('form')
  return respond(c, await editArticle(c.var.deps, c.var.user, idParam(id, 'article.notFound'), input))
})
register(articlesApi, articleDelete, async (c) =>
  respond(
    c,
    await deleteArticle(c.var.deps, c.var.user, idParam(c.req.valid('form').id, 'article.notFound')),
  ),
)
register(articlesApi, articleVote, async (c) => {
  const input = c.req.valid('form')
  return respond(
    c,
    await vote(c.var.deps, c.var.user.id, idParam(input.id, 'article.notFound'), input['tipo-de-voto']),
  )
})
register(articlesApi, articleComment, async (c) => {
  const { id, conteudo } = c.req.valid('form')
  return respond(
    c,
    await postComment(c.var.deps, c.var.user, { articleId: idParam(id, 'article.notFound') }, conteudo),
  )
})
register(articlesApi, commentReply, async (c) => {
  const { id, conteudo } = c.req.valid('form')
  return respond(
    c,
    await postComment(c.var.deps, c.var.user, { parentId: idParam(id, 'comment.notFound') }, conteudo),
  )
})
register(articlesApi, commentDelete, async (c) =>
  respond(
    c,
    await removeComment(c.var.deps, c.var.user.id, idParam(c.req.valid('form').id, 'comment.notFound')),
  ),
)
