import { and, count, eq, gte, lt, ne, sql } from 'drizzle-orm'
import { notifications } from '~/db/schema'
import { articles, articleVotes } from '~/db/schema-articles'
import type { Deps } from '~/domain/deps'
import { emailIfImmediate } from '~/domain/notifications/emails.server'
import type { ArticleVotesMessage } from '~/domain/notifications/notifications-messages'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { articlePath } from '~/lib/paths'
import { truncateAtWord } from '~/lib/plain-text'

/** Brasília has no daylight saving since 2019: its day starts at 03:00 UTC. */
function dayWindow(day: string): [number, number] {
  const start = Date.parse(`${day}T03:00:00Z`)
  return [start, start + 24 * 60 * 60 * 1000]
}

/**
 * The author's vote summary for one article and one day: N is recounted from the votes each time,
 * so a redelivery or a late message writes the same row (dedupe key `votos:{id}:{day}`). A higher
 * N brings the notification back to the top, unseen; the same N changes nothing.
 */
export async function deliverArticleVotes(
  deps: Pick<Deps, 'db' | 'corpus' | 'mailer' | 'authSecret' | 'origin' | 'now'>,
  message: ArticleVotesMessage,
) {
  const { db } = deps
  const [article] = await db
    .select({ id: articles.id, slug: articles.slug, title: articles.title, authorId: articles.authorId })
    .from(articles)
    .where(eq(articles.id, message.articleId))
  if (!article) return
  const [from, to] = dayWindow(message.day)
  const [row] = await db
    .select({ n: count() })
    .from(articleVotes)
    .where(
      and(
        eq(articleVotes.articleId, article.id),
        ne(articleVotes.userId, article.authorId),
        gte(articleVotes.createdAt, from),
        lt(articleVotes.createdAt, to),
      ),
    )
  const n = row?.n ?? 0
  if (n === 0) return
  const titulo = truncateAtWord(article.title, 120)
  const title = plural(
    n,
    t('article.votesNotification.one', { titulo }),
    t('article.votesNotification.many', { titulo, n }),
  )
  await db
    .insert(notifications)
    .values({
      userId: article.authorId,
      kind: 'votos',
      title,
      url: articlePath(article),
      dedupeKey: message.dedupeKey,
      subjectKind: 'artigo',
      subjectId: article.id,
    })
    .onConflictDoUpdate({
      target: notifications.dedupeKey,
      set: {
        title,
        createdAt: sql`(cast(unixepoch('subsec') * 1000 as integer))`,
        viewedAt: null,
        readAt: null,
      },
      setWhere: sql`${notifications.title} <> excluded.title`,
    })
  // The first count of the day may go out at once; later counts wait for the row to be read.
  await emailIfImmediate(deps, message.dedupeKey)
}
