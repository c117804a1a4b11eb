import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles, articleVotes, comments } from '~/db/schema-articles'
import { scope } from '~/domain/cache/page-rules'
import { DomainError } from '~/domain/errors'
import { followState } from '~/domain/follows/follows.server'
import { profileUrl } from '~/domain/follows/targets.server'
import { communityPath } from '~/lib/paths'
import { plainExcerpt } from './excerpt.server'
import { readingMinutes, renderArticle } from './markdown.server'

export type CommentView = {
  id: number
  author: string | null
  authorUrl: string | null
  body: string | null
  createdAt: number
  own: boolean
  replies: CommentView[]
}

/** Everything the article page shows, for the visitor `viewerId`. Unknown id → 404. */
export async function getArticlePage(
  deps: { db: Database; origin: string },
  id: number,
  viewerId: number | null,
) {
  const { db } = deps
  const [row] = await db
    .select({
      article: articles,
      authorName: users.name,
      authorSubdomain: users.subdomain,
      authorHeadline: users.headline,
      communityName: communities.name,
      communitySlug: communities.slug,
    })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.authorId))
    .innerJoin(communities, eq(communities.id, articles.communityId))
    .where(eq(articles.id, id))
  if (!row) throw new DomainError('article.notFound', 404)
  const [commentRows, mine, followArticle, followAuthor] = await Promise.all([
    db
      .select({ comment: comments, author: users.name, subdomain: users.subdomain })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(eq(comments.articleId, id))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
    viewerId
      ? db
          .select({ kind: articleVotes.kind })
          .from(articleVotes)
          .where(and(eq(articleVotes.articleId, id), eq(articleVotes.userId, viewerId)))
      : Promise.resolve([]),
    followState(deps, viewerId, 'artigo', id),
    followState(deps, viewerId, 'usuario', row.article.authorId),
  ])
  const views = new Map<number, CommentView>()
  const roots: CommentView[] = []
  for (const { comment, author, subdomain } of commentRows) {
    const removed = comment.deletedAt !== null
    const view: CommentView = {
      id: comment.id,
      author: removed ? null : author,
      authorUrl: removed ? null : profileUrl(deps.origin, subdomain),
      body: removed ? null : comment.body,
      createdAt: comment.createdAt,
      own: !removed && comment.authorId === viewerId,
      replies: [],
    }
    views.set(comment.id, view)
    const parent = comment.parentId ? views.get(comment.parentId) : undefined
    if (parent) parent.replies.push(view)
    else if (!comment.parentId) roots.push(view)
  }
  const { article } = row
  return {
    article: {
      id: article.id,
      slug: article.slug,
      title: article.title,
      html: renderArticle(article.body),
      minutes: readingMinutes(article.body),
      createdAt: article.createdAt,
      updatedAt: article.updatedAt,
      positives: article.positiveVotes,
      negatives: article.negativeVotes,
      commentCount: article.commentCount,
      excerpt: plainExcerpt(article.body),
    },
    author: {
      id: article.authorId,
      name: row.authorName,
      headline: row.authorHeadline,
      url: profileUrl(deps.origin, row.authorSubdomain),
      own: article.authorId === viewerId,
    },
    community: { name: row.communityName, href: communityPath(row.communitySlug) },
    vote: mine[0]?.kind ?? null,
    comments: roots,
    follow: { article: followArticle, author: followAuthor },
    /**
     * Profiles this page shows and its address does not name (decisions/0045): the author's
     * name and follower count, the commenters' names. A change to one purges the cached page.
     */
    dependsOn: [row.authorSubdomain, ...commentRows.map((r) => r.subdomain)].map(scope.profile),
  }
}
