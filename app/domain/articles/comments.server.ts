import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articles, comments } from '~/db/schema-articles'
import { pagesOf } from '~/domain/cache/purges'
import { DomainError } from '~/domain/errors'
import { takeDailyQuota } from '~/domain/limits/daily-quotas.server'
import { notify, type Outcome } from '~/domain/outcome'
import { requireConfirmedEmail } from '~/domain/users/confirmed.server'
import { t } from '~/i18n/pt-BR'
import { articlePath } from '~/lib/paths'
import { truncateAtWord } from '~/lib/plain-text'

type Author = { id: number; name: string }

/**
 * A root comment (`parentId` null) or a reply to a root comment. Answers the comment and its URL
 * (`…#comentario-{id}`), and tells the article's author, or the replied-to comment's author,
 * through the queue with a dedupe key (never oneself).
 */
export async function postComment(
  deps: { db: Database; now: () => Date },
  author: Author,
  target: { articleId: number } | { parentId: number },
  content: string,
): Promise<Outcome> {
  await requireConfirmedEmail(deps, author.id, 'comment')
  const { db } = deps
  let articleId: number
  let parent: { id: number; authorId: number } | null = null
  if ('parentId' in target) {
    const [found] = await db
      .select({
        id: comments.id,
        authorId: comments.authorId,
        articleId: comments.articleId,
        parentId: comments.parentId,
      })
      .from(comments)
      .where(eq(comments.id, target.parentId))
    if (!found) throw new DomainError('comment.notFound', 404)
    if (found.parentId !== null) throw new DomainError('comment.replyToReply', 422)
    articleId = found.articleId
    parent = found
  } else articleId = target.articleId
  const [article] = await db
    .select({ id: articles.id, slug: articles.slug, authorId: articles.authorId, title: articles.title })
    .from(articles)
    .where(eq(articles.id, articleId))
  if (!article) throw new DomainError('article.notFound', 404)
  await takeDailyQuota(deps, author.id, 'comentario')
  const [row] = await db
    .insert(comments)
    .values({ articleId, authorId: author.id, parentId: parent?.id ?? null, body: content })
    .returning()
  if (!row) throw new Error('comment not inserted')
  const url = `${articlePath(article)}#comentario-${row.id}`
  const recipient = parent ? parent.authorId : article.authorId
  return {
    message: t('comment.sent'),
    redirect: url,
    body: {
      comentario: {
        id: row.id,
        conteudo: row.body,
        autor: author.name,
        resposta_de: row.parentId,
        criado_em: row.createdAt,
      },
      urlComentario: url,
    },
    effects: [
      pagesOf.articleTalk(article.id),
      ...(recipient === author.id
        ? []
        : [
            notify({
              type: 'notify',
              userId: recipient,
              kind: parent ? 'resposta' : 'comentario',
              title: parent
                ? `${author.name} respondeu ao seu comentário em “${truncateAtWord(article.title, 120)}”.`
                : `${author.name} comentou seu artigo “${truncateAtWord(article.title, 120)}”.`,
              url,
              dedupeKey: `comentario:${row.id}`,
              subject: { kind: 'artigo', id: article.id },
            }),
          ]),
    ],
  }
}

/** The author removes their comment; it keeps its place so replies survive ("comentário removido"). */
export async function removeComment(
  deps: { db: Database; now: () => Date },
  userId: number,
  id: number,
): Promise<Outcome> {
  const [found] = await deps.db
    .select({ authorId: comments.authorId, articleId: comments.articleId })
    .from(comments)
    .where(eq(comments.id, id))
  if (!found) throw new DomainError('comment.notFound', 404)
  if (found.authorId !== userId) throw new DomainError('comment.notAuthor', 403)
  await deps.db
    .update(comments)
    .set({ deletedAt: deps.now().getTime(), body: '' })
    .where(and(eq(comments.id, id), eq(comments.authorId, userId), isNull(comments.deletedAt)))
  return { message: t('comment.deleted'), effects: [pagesOf.articleTalk(found.articleId)] }
}
