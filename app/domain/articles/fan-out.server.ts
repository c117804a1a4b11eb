import { eq, sql } from 'drizzle-orm'
import { users } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import type { Deps } from '~/domain/deps'
import { emailIfImmediate } from '~/domain/notifications/emails.server'
import type { CommunityArticleMessage } from '~/domain/notifications/notifications-messages'
import { t } from '~/i18n/pt-BR'
import { articlePath } from '~/lib/paths'
import { truncateAtWord } from '~/lib/plain-text'

/** Recipients written per statement: one D1 statement of a few thousand rows stays well in limits. */
export const FAN_OUT_CHUNK = 5000

/**
 * "New article in a community you follow" (decisions/0029): the consumer writes one notification
 * per follower straight from `follows`, a chunk of followers (by user id) per `INSERT … SELECT`,
 * never for the author. Each row's dedupe key `artigo:{id}:{userId}` makes a redelivered or
 * resumed event a no-op for what was already written, and every chunk re-checks that the article
 * still exists, so an article removed meanwhile reaches nobody more.
 */
export async function fanOutCommunityArticle(
  deps: Pick<Deps, 'db' | 'corpus' | 'mailer' | 'authSecret' | 'origin' | 'now'>,
  message: CommunityArticleMessage,
  chunk = FAN_OUT_CHUNK,
): Promise<{ recipients: number; rowsWritten: number; statements: number; emailed: number }> {
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
  if (!article) return { recipients: 0, rowsWritten: 0, statements: 0, emailed: 0 }
  const title = t('article.communityNotification', {
    nome: article.authorName,
    titulo: truncateAtWord(article.title, 120),
    comunidade: article.communityName,
  })
  const url = articlePath(article)
  const prefix = `artigo:${article.id}:`
  let after = 0
  let recipients = 0
  let rowsWritten = 0
  let statements = 0
  for (;;) {
    // The last follower of this chunk, by user id (follows_item_user index).
    const [edge] = await db.all<{ user_id: number }>(sql`
      SELECT user_id FROM follows
      WHERE kind = 'comunidade' AND target_id = ${article.communityId} AND user_id > ${after}
      ORDER BY user_id LIMIT 1 OFFSET ${chunk - 1}`)
    const upTo = edge?.user_id ?? Number.MAX_SAFE_INTEGER
    const result = await db.run(sql`
      INSERT INTO notifications (user_id, kind, title, url, dedupe_key, subject_kind, subject_id)
      SELECT f.user_id, 'artigo-comunidade', ${title}, ${url}, ${prefix} || f.user_id, 'artigo', ${article.id}
      FROM follows f
      WHERE f.kind = 'comunidade' AND f.target_id = ${article.communityId}
        AND f.user_id > ${after} AND f.user_id <= ${upTo} AND f.user_id <> ${article.authorId}
        AND EXISTS (SELECT 1 FROM articles a WHERE a.id = ${article.id})
      ON CONFLICT (dedupe_key) DO NOTHING`)
    statements += 2
    const written = Number(result.meta.changes ?? 0)
    recipients += written
    rowsWritten += Number(result.meta.rows_written ?? written)
    if (!edge) break
    after = edge.user_id
  }
  // Followers who asked for this group "Na hora" (few: the default is the daily digest).
  const immediate = await db.all<{ dedupe_key: string }>(sql`
    SELECT n.dedupe_key FROM notifications n
    JOIN notification_preferences p
      ON p.user_id = n.user_id AND p.kind_group = 'artigos' AND p.mode = 'imediato'
    WHERE n.subject_kind = 'artigo' AND n.subject_id = ${article.id}
      AND n.kind = 'artigo-comunidade' AND n.emailed_at IS NULL`)
  for (const row of immediate) await emailIfImmediate(deps, row.dedupe_key)
  return { recipients, rowsWritten, statements: statements + 1, emailed: immediate.length }
}
