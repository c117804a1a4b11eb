import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './schema'
import { communities } from './schema-accounts'

// Articles, votes and comments (issue 14). Vote and comment counts are kept by SQLite triggers
// (migrations/0014_article_counters.sql), like follow counts (decisions/0023): exact whatever
// writes the rows, however many requests race.

const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`)

export const articles = sqliteTable(
  'articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    title: text('title').notNull(),
    /** From the current title; old links keep working because the id decides (`/artigos/{slug}-{id}`). */
    slug: text('slug').notNull(),
    /** Markdown as written; rendered with raw HTML off. */
    body: text('body').notNull(),
    positiveVotes: integer('positive_votes').notNull().default(0),
    negativeVotes: integer('negative_votes').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'number' }),
  },
  (t) => [
    index('articles_community_created').on(t.communityId, t.createdAt),
    index('articles_author_created').on(t.authorId, t.createdAt),
    index('articles_created').on(t.createdAt),
    // "Most voted" lists (decisions/0027): the score as an expression, so votes need no extra column.
    index('articles_score').on(sql`(${t.positiveVotes} - ${t.negativeVotes})`, t.createdAt),
    index('articles_community_score').on(
      t.communityId,
      sql`(${t.positiveVotes} - ${t.negativeVotes})`,
      t.createdAt,
    ),
  ],
)

export const VOTE_KINDS = ['POSITIVO', 'NEGATIVO'] as const

/** One vote per user per article (spec §4 "Votes"). */
export const articleVotes = sqliteTable(
  'article_votes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VOTE_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] }), index('article_votes_article').on(t.articleId)],
)

/** Root comments (`parentId` null) and replies to a root comment. */
export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** A removed comment keeps its place so its replies survive ("comentário removido"). */
    deletedAt: integer('deleted_at', { mode: 'number' }),
  },
  (t) => [
    index('comments_article_created').on(t.articleId, t.createdAt),
    index('comments_parent').on(t.parentId),
  ],
)

export type Article = typeof articles.$inferSelect
export type Comment = typeof comments.$inferSelect
