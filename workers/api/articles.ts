import { Hono } from 'hono'
import { deleteArticle, editArticle, publishArticle } from '~/domain/articles/articles.server'
import { postComment, removeComment } from '~/domain/articles/comments.server'
import { vote } from '~/domain/articles/votes.server'
import { DomainError } from '~/domain/errors'
import { articleSchema, commentSchema, voteSchema } from '~/schemas/articles'
import type { AppEnv } from '../env'
import { respond } from '../lib/respond'
import { validate } from '../lib/validate'
import { rateLimit } from '../middleware/rate-limit'
import { requireUser } from '../middleware/session'

function idParam(raw: string, key: 'article.notFound' | 'comment.notFound'): number {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError(key, 404)
  return id
}

const perUser = rateLimit(
  (env) => env.API_LIMITER,
  (c) => `u${c.var.viewer?.id ?? 0}`,
)

/** Articles, votes and comments (issue 14): each mutation one route of the write path. */
export const articlesApi = new Hono<AppEnv>()
  .post('/ajax/artigos', requireUser, perUser, validate(articleSchema), async (c) =>
    respond(c, await publishArticle(c.var.deps, c.var.user.id, c.req.valid('form'))),
  )
  .post('/ajax/artigos/:id/editar', requireUser, validate(articleSchema), async (c) =>
    respond(
      c,
      await editArticle(
        c.var.deps,
        c.var.user.id,
        idParam(c.req.param('id'), 'article.notFound'),
        c.req.valid('form'),
      ),
    ),
  )
  .post('/ajax/artigos/:id/excluir', requireUser, async (c) =>
    respond(
      c,
      await deleteArticle(c.var.deps, c.var.user.id, idParam(c.req.param('id'), 'article.notFound')),
    ),
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
  .post('/ajax/artigos/:id/comentarios', requireUser, perUser, validate(commentSchema), async (c) =>
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
  .post('/ajax/comentarios/:id/respostas', requireUser, perUser, validate(commentSchema), async (c) =>
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
  .post('/ajax/comentarios/:id/excluir', requireUser, async (c) =>
    respond(
      c,
      await removeComment(c.var.deps, c.var.user.id, idParam(c.req.param('id'), 'comment.notFound')),
    ),
  )
