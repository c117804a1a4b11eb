import { and, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articles, articleVotes, type VOTE_KINDS } from '~/db/schema-articles'
import { pagesOf } from '~/domain/cache/purges'
import { DomainError } from '~/domain/errors'
import { takeDailyQuota } from '~/domain/limits/daily-quotas.server'
import { notify, type Outcome } from '~/domain/outcome'
import { requireConfirmedEmail } from '~/domain/users/confirmed.server'
import { todayIso } from '~/lib/dates'

type VoteKind = (typeof VOTE_KINDS)[number]

/**
 * One vote per user per article (spec §4 "Votes"): the same side again removes it, the other side
 * switches it. Each step is one atomic statement and the counts move by trigger, so concurrent
 * votes leave counts equal to the rows. Answers the new counts and the user's vote.
 */
export async function vote(
  deps: { db: Database; now: () => Date },
  userId: number,
  articleId: number,
  kind: VoteKind,
): Promise<Outcome> {
  const { db } = deps
  const [article] = await db
    .select({ id: articles.id, authorId: articles.authorId })
    .from(articles)
    .where(eq(articles.id, articleId))
  if (!article) throw new DomainError('article.notFound', 404)
  // A vote counts in public and tells the author (vote-notifications.server.ts).
  await requireConfirmedEmail(deps, userId, 'vote')
  await takeDailyQuota(deps, userId, 'voto')
  const removed = await db
    .delete(articleVotes)
    .where(
      and(
        eq(articleVotes.userId, userId),
        eq(articleVotes.articleId, articleId),
        eq(articleVotes.kind, kind),
      ),
    )
    .returning({ kind: articleVotes.kind })
  if (!removed.length)
    await db
      .insert(articleVotes)
      .values({ userId, articleId, kind })
      .onConflictDoUpdate({ target: [articleVotes.userId, articleVotes.articleId], set: { kind } })
  const [counts] = await db
    .select({ positivos: articles.positiveVotes, negativos: articles.negativeVotes })
    .from(articles)
    .where(eq(articles.id, articleId))
  const [mine] = await db
    .select({ kind: articleVotes.kind })
    .from(articleVotes)
    .where(and(eq(articleVotes.userId, userId), eq(articleVotes.articleId, articleId)))
  const day = todayIso(deps.now())
  return {
    body: { ...counts, voto: mine?.kind ?? null },
    // A vote cast (not removed) by someone else: the author's daily "recebeu N votos" (one per day).
    effects: [
      pagesOf.articleTalk(articleId),
      ...(removed.length || article.authorId === userId
        ? []
        : [notify({ type: 'article-votes', articleId, day, dedupeKey: `votos:${articleId}:${day}` })]),
    ],
  }
}
