import { and, asc, eq, gt, ne } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import { follows } from '~/db/schema-network'
import type {
  CommunityArticleMessage,
  NotificationMessage,
} from '~/domain/notifications/notifications.server'
import { t } from '~/i18n/pt-BR'
import { articlePath } from './articles.server'

/** Followers read per query, and `notify` messages per `sendBatch` (the Queues limit is 100). */
const PAGE = 1000
const SEND_BATCH = 100

/**
 * "New article in a community you follow": one `notify` message per follower of the article's
 * community (never its author), each with its own dedupe key, so a redelivered event re-sends
 * harmlessly. A removed article notifies nobody. Issue 15 decides the fan-out for huge audiences.
 */
export async function fanOutCommunityArticle(
  deps: { db: Database; notificationsQueue: Queue },
  message: CommunityArticleMessage,
): Promise<{ recipients: number }> {
  const { db } = deps
  const [article] = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      authorId: articles.authorId,
      authorName: users.name,
      communityId: articles.communityId,
      communityName: communities.name,
    })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.authorId))
    .innerJoin(communities, eq(communities.id, articles.communityId))
    .where(eq(articles.id, message.articleId))
  if (!article) return { recipients: 0 }
  const title = t('article.communityNotification', {
    nome: article.authorName,
    titulo: article.title.slice(0, 120),
    comunidade: article.communityName,
  })
  let after = 0
  let recipients = 0
  for (;;) {
    const page = await db
      .select({ userId: follows.userId })
      .from(follows)
      .where(
        and(
          eq(follows.kind, 'comunidade'),
          eq(follows.targetId, article.communityId),
          ne(follows.userId, article.authorId),
          gt(follows.userId, after),
        ),
      )
      .orderBy(asc(follows.userId))
      .limit(PAGE)
    if (!page.length) break
    for (let i = 0; i < page.length; i += SEND_BATCH) {
      const batch = page.slice(i, i + SEND_BATCH).map(({ userId }) => ({
        body: {
          type: 'notify',
          userId,
          kind: 'artigo-comunidade',
          title,
          url: articlePath(article),
          dedupeKey: `artigo:${article.id}:${userId}`,
        } satisfies NotificationMessage,
        contentType: 'json' as const,
      }))
      await deps.notificationsQueue.sendBatch(batch)
    }
    recipients += page.length
    after = page[page.length - 1]?.userId ?? after
    if (page.length < PAGE) break
  }
  return { recipients }
}
