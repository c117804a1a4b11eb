import { t } from '~/i18n/pt-BR'
import { z } from '~/schemas/zod'
/** 100 KB of Markdown, counted in UTF-8 bytes as stored. */
import { ARTICLE_BODY_MAX_BYTES, COMMENT_MAX_CHARS } from './article-limits'
import { longText, text } from './text'

export { ARTICLE_BODY_MAX_BYTES, COMMENT_MAX_CHARS }

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length

/** `/artigos/novo` and the edit form (spec §5 "Article form"). */
export const articleSchema = z.object({
  titulo: text(t('article.titleRequired'))
    .trim()
    .min(1, { error: () => t('article.titleRequired') })
    .max(200, { error: () => t('article.titleTooLong') }),
  // Filled by the communities autocomplete: missing or not a number is the spec's message (§5).
  comunidade_id: z
    .preprocess(
      (value) => (typeof value === 'number' || typeof value === 'string' ? String(value).trim() : ''),
      text().regex(/^\d{1,9}$/, { error: () => t('article.communityRequired') }),
    )
    .transform(Number),
  conteudo: longText(t('article.bodyRequired'))
    .refine((text) => text.trim().length > 0, { error: () => t('article.bodyRequired') })
    .refine((text) => utf8Bytes(text) <= ARTICLE_BODY_MAX_BYTES, { error: () => t('article.bodyTooLong') }),
})
export type ArticleInput = z.infer<typeof articleSchema>

/** The editor's preview: the body alone, within the same limit (empty previews as nothing). */
export const articlePreviewSchema = z.object({
  conteudo: longText(t('article.bodyTooLong'))
    .default('')
    .refine((text) => utf8Bytes(text) <= ARTICLE_BODY_MAX_BYTES, { error: () => t('article.bodyTooLong') }),
})

/** `POST /ajax/artigos/{id}/votar` (spec §7 "Vote"). */
export const voteSchema = z.object({
  'tipo-de-voto': z.enum(['POSITIVO', 'NEGATIVO'], { error: () => t('vote.badKind') }),
})

/** A comment or a reply (spec §5 "Comment or reply"). */
export const commentSchema = z.object({
  conteudo: longText(t('comment.required'))
    .trim()
    .min(1, { error: () => t('comment.required') })
    .max(COMMENT_MAX_CHARS, { error: () => t('comment.tooLong') }),
})

/**
 * The article or comment a call is about: its path's `{id}` (a POST's path parameters are fields
 * of its input, decisions/0070), read as text; anything but a positive integer is not found (404).
 */
const pathId = { id: text() }

/** `POST /ajax/artigos/{id}/editar`: the form's fields and the article. */
export const articleEditSchema = articleSchema.extend(pathId)
/** `POST /ajax/artigos/{id}/excluir`: the article alone. */
export const articleDeleteSchema = z.object(pathId)
/** `POST /ajax/artigos/{id}/votar`. */
export const articleVoteSchema = voteSchema.extend(pathId)
/** A comment on the article `{id}`, or a reply to the comment `{id}`. */
export const commentOnSchema = commentSchema.extend(pathId)
/** `POST /ajax/comentarios/{id}/excluir`. */
export const commentDeleteSchema = z.object(pathId)
/** The form's community autocomplete (`?comunidade_nome=`): fewer than 2 characters find nothing. */
export const articleCommunitiesSchema = z.object({ comunidade_nome: text().optional() })
