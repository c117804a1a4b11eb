import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import { follows } from '~/db/schema-network'
import { profileUrl } from '~/domain/follows/targets.server'
import { articlePath, communityPath } from '~/lib/paths'
import { EXCERPT_SOURCE_CHARS, minutesForWords, plainExcerpt } from './excerpt.server'

// Article lists (issue 14, decisions/0027): one statement per list, in the order of an index,
// `LIMIT size + 1` to know whether a next page exists without counting.

export const ARTICLES_PAGE_SIZE = 20
/** Past this page a list is empty without asking the database (an OFFSET that deep is a crawler). */
export const MAX_ARTICLES_PAGE = 500
export const HOME_FEED_SIZE = 5
export const PROFILE_ARTICLES = 10

export const ARTICLE_ORDERS = ['recentes', 'votados'] as const
export type ArticleOrder = (typeof ARTICLE_ORDERS)[number]

export type ArticleSummary = {
  id: number
  title: string
  href: string
  excerpt: string
  minutes: number
  createdAt: number
  positives: number
  negatives: number
  comments: number
  author: { name: string; url: string }
  community: { name: string; href: string }
}

export type ArticleListPage = { articles: ArticleSummary[]; page: number; hasNext: boolean }

/** `?page=`: a positive whole number; anything else is the first page (huge ones read as empty). */
export function readArticlesPage(raw: string | null): number {
  return raw && /^\d{1,9}$/.test(raw) ? Math.max(1, Number(raw)) : 1
}

/** `?ordem=votados` or the default, the newest first. */
export function readArticleOrder(raw: string | null): ArticleOrder {
  return raw === 'votados' ? 'votados' : 'recentes'
}

/** The same expression as the `articles_score` indexes (migration 0015), so SQLite uses them. */
const score = sql`(${articles.positiveVotes} - ${articles.negativeVotes})`

const ORDER_BY: Record<ArticleOrder, SQL[]> = {
  recentes: [desc(articles.createdAt), desc(articles.id)],
  votados: [sql`${score} desc`, desc(articles.createdAt), desc(articles.id)],
}

/** Paragraph breaks collapsed, then one word per space or line break: `readingMinutes`'s count. */
const words = sql<number>`1 + length(replace(${articles.body}, char(10) || char(10), char(10)))
  - length(replace(replace(replace(replace(${articles.body}, char(10) || char(10), char(10)), char(10), ''), char(13), ''), ' ', ''))`

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  // Only the head of the body leaves the database: the excerpt needs no more.
  head: sql<string>`substr(${articles.body}, 1, ${EXCERPT_SOURCE_CHARS})`,
  words,
  createdAt: articles.createdAt,
  positives: articles.positiveVotes,
  negatives: articles.negativeVotes,
  comments: articles.commentCount,
  authorName: users.name,
  authorSubdomain: users.subdomain,
  communityName: communities.name,
  communitySlug: communities.slug,
}

type ListDeps = { db: Database; origin: string }

async function selectSummaries(
  deps: ListDeps,
  where: SQL | undefined,
  order: ArticleOrder,
  limit: number,
  offset = 0,
): Promise<ArticleSummary[]> {
  const rows = await deps.db
    .select(summaryColumns)
    .from(articles)
    .innerJoin(users, eq(users.id, articles.authorId))
    .innerJoin(communities, eq(communities.id, articles.communityId))
    .where(where)
    .orderBy(...ORDER_BY[order])
    .limit(limit)
    .offset(offset)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    href: articlePath(row),
    excerpt: plainExcerpt(row.head),
    minutes: minutesForWords(Number(row.words)),
    createdAt: row.createdAt,
    positives: row.positives,
    negatives: row.negatives,
    comments: row.comments,
    author: { name: row.authorName, url: profileUrl(deps.origin, row.authorSubdomain) },
    community: { name: row.communityName, href: communityPath(row.communitySlug) },
  }))
}

async function listPage(
  deps: ListDeps,
  where: SQL | undefined,
  order: ArticleOrder,
  page: number,
  size = ARTICLES_PAGE_SIZE,
): Promise<ArticleListPage> {
  if (!Number.isInteger(page) || page < 1 || page > MAX_ARTICLES_PAGE)
    return { articles: [], page, hasNext: false }
  const found = await selectSummaries(deps, where, order, size + 1, (page - 1) * size)
  return { articles: found.slice(0, size), page, hasNext: found.length > size }
}

/** `/artigos`: every article, the newest or the most voted first. */
export function listArticles(deps: ListDeps, options: { order: ArticleOrder; page: number }) {
  return listPage(deps, undefined, options.order, options.page)
}

/** A community's articles, the newest or the most voted first. */
export function listCommunityArticles(
  deps: ListDeps,
  communityId: number,
  options: { order: ArticleOrder; page: number; size?: number },
) {
  return listPage(deps, eq(articles.communityId, communityId), options.order, options.page, options.size)
}

/** An author's articles, the newest first. */
export function listAuthorArticles(
  deps: ListDeps,
  authorId: number,
  options: { page: number; size?: number },
) {
  return listPage(deps, eq(articles.authorId, authorId), 'recentes', options.page, options.size)
}

export type HomeFeed = {
  /** `seguidas`: from communities the viewer follows; `populares`: the most voted, for everyone else. */
  source: 'seguidas' | 'populares'
  articles: ArticleSummary[]
}

/**
 * The home page's articles: the newest from the communities the viewer follows (memberships
 * included), or the most voted when the viewer is anonymous or their communities have none.
 */
export async function homeFeed(
  deps: ListDeps,
  viewerId: number | null,
  size = HOME_FEED_SIZE,
): Promise<HomeFeed> {
  if (viewerId !== null) {
    const followed = deps.db
      .select({ id: follows.targetId })
      .from(follows)
      .where(and(eq(follows.userId, viewerId), eq(follows.kind, 'comunidade')))
    const mine = await selectSummaries(deps, inArray(articles.communityId, followed), 'recentes', size)
    if (mine.length) return { source: 'seguidas', articles: mine }
  }
  return { source: 'populares', articles: await selectSummaries(deps, undefined, 'votados', size) }
}
