import {
  articleCommunitiesSchema,
  articleDeleteSchema,
  articleEditSchema,
  articlePreviewSchema,
  articleSchema,
  articleVoteSchema,
  commentDeleteSchema,
  commentOnSchema,
} from '~/schemas/articles'
import { z } from '~/schemas/zod'
import { actionError, actionSuccess, endpoint } from '../endpoint'
import { routes } from '../routes'

// Articles, votes and comments (issue 14, spec §5 and §7; decisions/0070).

const base = { error: actionError, access: 'user', public: false } as const
// Publishing, editing and deleting share one counter: each purges the article's pages.
const articleWrites = { ...base, limit: 'write', limitScope: 'artigos' } as const
// Comments and replies share one stricter counter (wrangler.toml COMMENT_LIMITER).
const commentWrites = {
  ...base,
  limit: 'api',
  limitBinding: 'COMMENT_LIMITER',
  limitScope: 'comentarios',
  limitMessage: 'comment.rateLimited',
} as const

/**
 * The article's text may have 100 KB of UTF-8 (ARTICLE_BODY_MAX_BYTES), which JSON may spell in
 * up to six bytes a character (`\uXXXX`): past that the body stops being read (decisions/0091).
 */
const ARTICLE_MAX_BODY = 1024 * 1024

/** Where the saved article is: a script goes to `redirect_url`, a plain post is sent there. */
const saved = actionSuccess({
  artigo: z.object({ id: z.number().int(), url: z.string() }),
  redirect_url: z.string(),
})

const commented = actionSuccess({
  comentario: z.object({
    id: z.number().int(),
    conteudo: z.string(),
    autor: z.string(),
    resposta_de: z.number().int().nullable(),
    criado_em: z.number(),
  }),
  /** The article's address with `#comentario-{id}`: the page scrolls to it. */
  urlComentario: z.string(),
})

/**
 * The form's community field (decisions/0049): only where this writer may publish. Answers the
 * autocomplete's bare list (spec §3, like every autocomplete of the site), not `{status}`.
 */
export const articleCommunities = endpoint({
  ...routes.articleCommunities,
  ...base,
  input: articleCommunitiesSchema,
  output: z.array(
    z.object({
      label: z.string(),
      inputLabel: z.string(),
      value: z.union([z.string(), z.number()]),
      slug: z.string(),
    }),
  ),
  limit: 'api',
  summary: 'Comunidades em que a pessoa pode publicar, pelo nome',
})

export const articlePublish = endpoint({
  ...routes.articlePublish,
  ...articleWrites,
  input: articleSchema,
  maxBody: ARTICLE_MAX_BODY,
  output: saved,
  summary: 'Publicar um artigo',
})

/** The editor's "Visualizar": the server's safe Markdown renderer (decisions/0026). */
export const articlePreview = endpoint({
  ...routes.articlePreview,
  ...base,
  input: articlePreviewSchema,
  maxBody: ARTICLE_MAX_BODY,
  output: actionSuccess({ html: z.string(), minutos: z.number().int() }),
  limit: 'api',
  summary: 'Prévia de um artigo',
})

export const articleEdit = endpoint({
  ...routes.articleEdit,
  ...articleWrites,
  input: articleEditSchema,
  maxBody: ARTICLE_MAX_BODY,
  output: saved,
  summary: 'Salvar um artigo',
})

export const articleDelete = endpoint({
  ...routes.articleDelete,
  ...articleWrites,
  input: articleDeleteSchema,
  output: actionSuccess({ redirect_url: z.string() }),
  summary: 'Excluir um artigo',
})

/** A vote is a toggle: the answer is the server's counts and this reader's vote now. */
export const articleVote = endpoint({
  ...routes.articleVote,
  spec: 'Vote',
  ...base,
  input: articleVoteSchema,
  output: actionSuccess({
    positivos: z.number().int(),
    negativos: z.number().int(),
    voto: z.enum(['POSITIVO', 'NEGATIVO']).nullable(),
  }),
  limit: 'api',
  summary: 'Votar num artigo',
})

export const articleComment = endpoint({
  ...routes.articleComment,
  spec: 'Comment and reply',
  ...commentWrites,
  input: commentOnSchema,
  output: commented,
  summary: 'Comentar um artigo',
})

export const commentReply = endpoint({
  ...routes.commentReply,
  spec: 'Comment and reply',
  ...commentWrites,
  input: commentOnSchema,
  output: commented,
  summary: 'Responder a um comentário',
})

/** The author's delete; the comment keeps its place for its replies. */
export const commentDelete = endpoint({
  ...routes.commentDelete,
  ...base,
  input: commentDeleteSchema,
  output: actionSuccess({}),
  limit: 'api',
  summary: 'Excluir um comentário',
})
