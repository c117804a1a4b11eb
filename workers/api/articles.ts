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
const articlesApiBase = new Hono<AppEnv>()

const articlesApi1 = register(articlesApiBase, articleCommunities, async (c) => {
  c.header('Cache-Control', 'private, no-store')
  const found = await communitiesForWriter(c.var.deps, c.var.user.id, c.req.valid('query').comunidade_nome)
  return reply(c, articleCommunities, found)
})
const articlesApi2 = register(articlesApi1, articlePublish, async (c) =>
  respond(c, await publishArticle(c.var.deps, c.var.user, c.req.valid('form'))),
)
const articlesApi3 = register(articlesApi2, articlePreview, async (c) =>
  respond(c, previewArticle(c.req.valid('form').conteudo)),
)
const articlesApi4 = register(articlesApi3, articleEdit, async (c) => {
  const { id, ...input } = c.req.valid('form')
  return respond(c, await editArticle(c.var.deps, c.var.user, idParam(id, 'article.notFound'), input))
})
const articlesApi5 = register(articlesApi4, articleDelete, async (c) =>
  respond(
    c,
    await deleteArticle(c.var.deps, c.var.user, idParam(c.req.valid('form').id, 'article.notFound')),
  ),
)
const articlesApi6 = register(articlesApi5, articleVote, async (c) => {
  const input = c.req.valid('form')
  return respond(
    c,
    await vote(c.var.deps, c.var.user.id, idParam(input.id, 'article.notFound'), input['tipo-de-voto']),
  )
})
const articlesApi7 = register(articlesApi6, articleComment, async (c) => {
  const { id, conteudo } = c.req.valid('form')
  return respond(
    c,
    await postComment(c.var.deps, c.var.user, { articleId: idParam(id, 'article.notFound') }, conteudo),
  )
})
const articlesApi8 = register(articlesApi7, commentReply, async (c) => {
  const { id, conteudo } = c.req.valid('form')
  return respond(
    c,
    await postComment(c.var.deps, c.var.user, { parentId: idParam(id, 'comment.notFound') }, conteudo),
  )
})
const articlesApi9 = register(articlesApi8, commentDelete, async (c) =>
  respond(
    c,
    await removeComment(c.var.deps, c.var.user.id, idParam(c.req.valid('form').id, 'comment.notFound')),
  ),
)

/** Typed by each handler's answer (workers/lib/register.ts): the app's type is built from these. */
export const articlesApi = articlesApi9
