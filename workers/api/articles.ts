import { Hono } from 'hono'
import { deleteArticle, editArticle, publishArticle } from '~/domain/articles/articles.server'
import { postComment, removeComment } from '~/domain/articles/comments.server'
import { previewArticle, searchPublishableCommunities } from '~/domain/articles/form.server'
import { vote } from '~/domain/articles/votes.server'
import { searchTerm } from '~/domain/reference/match'
import { articlePreviewSchema, articleSchema, commentSchema, voteSchema } from '~/schemas/articles'
import type { AppEnv } from '../env'
import { idParam } from '../lib/input'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { perUserLimit, writeLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

const perUser = perUserLimit((env) => env.API_LIMITER)
// Publishing, editing and deleting share one counter: each purges the article's pages.
const articleWrites = writeLimit('artigos')
// Comments and replies share one stricter counter (wrangler.toml COMMENT_LIMITER).
const commentLimit = perUserLimit((env) => env.COMMENT_LIMITER, {
  scope: 'comentarios',
  message: 'comment.rateLimited',
})

/** Articles, votes and comments (issue 14): each mutation one route of the write path. */
export const articlesApi = new Hono<AppEnv>()
  // The article form's community field: only where this writer may publish (decisions/0049).
  .get('/ajax/artigos/comunidades', requireUser, perUser, async (c) => {
    const term = searchTerm(c.req.query('comunidade_nome'))
    c.header('Cache-Control', 'private, no-store')
    return c.json(term ? await searchPublishableCommunities(c.var.deps, c.var.user.id, term) : [])
  })
  .post('/ajax/artigos', requireUser, articleWrites, validate(articleSchema), async (c) =>
    respond(c, await publishArticle(c.var.deps, c.var.user, c.req.valid('form'))),
  )
  .post('/ajax/artigos/previa', requireUser, perUser, validate(articlePreviewSchema), async (c) =>
    respond(c, previewArticle(c.req.valid('form').conteudo)),
  )
  .post('/ajax/artigos/:id/editar', requireUser, articleWrites, validate(articleSchema), async (c) =>
    respond(
      c,
      await editArticle(
        c.var.deps,
        c.var.user,
        idParam(c.req.param('id'), 'article.notFound'),
        c.req.valid('form'),
      ),
    ),
  )
  .post('/ajax/artigos/:id/excluir', requireUser, articleWrites, async (c) =>
    respond(c, await deleteArticle(c.var.deps, c.var.user, idParam(c.req.param('id'), 'article.notFound'))),
  )
  .post('/ajax/artigos/:id/votar', requireUser, perUser, validate(voteSchema), async (c) =>
    respond(
      c,
      await vote(
        c.var.deps,
        c.var.user.id,
        idParam(c.req.param('id'), 'article.notFound'),
        c.req.valid('form')['tipo-de-voto'],
      ),
    ),
  )
  .post('/ajax/artigos/:id/comentarios', requireUser, commentLimit, validate(commentSchema), async (c) =>
    respond(
      c,
      await postComment(
        c.var.deps,
        c.var.user,
        { articleId: idParam(c.req.param('id'), 'article.notFound') },
        c.req.valid('form').conteudo,
      ),
    ),
  )
  .post('/ajax/comentarios/:id/respostas', requireUser, commentLimit, validate(commentSchema), async (c) =>
    respond(
      c,
      await postComment(
        c.var.deps,
        c.var.user,
        { parentId: idParam(c.req.param('id'), 'comment.notFound') },
        c.req.valid('form').conteudo,
      ),
    ),
  )
  .post('/ajax/comentarios/:id/excluir', requireUser, perUser, async (c) =>
    respond(
      c,
      await removeComment(c.var.deps, c.var.user.id, idParam(c.req.param('id'), 'comment.notFound')),
    ),
  )
