import { and, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import { follows } from '~/db/schema-network'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import type { AutocompleteItem } from '~/domain/reference/match'
import { articlePath } from './articles.server'
import { readingMinutes, renderArticle } from './markdown.server'

export type ArticleFormData = {
  values: { titulo: string; conteudo: string; comunidade_id: string }
  community: AutocompleteItem | null
  /** Present when editing: the article's id and page. */
  article: { id: number; path: string } | null
}

type CommunityRow = { id: number; name: string; slug: string }
const asItem = (row: CommunityRow): AutocompleteItem => ({
  label: row.name,
  inputLabel: row.name,
  value: row.id,
  slug: row.slug,
})

/**
 * What `/artigos/novo` starts with: the community named by `?comunidade={slug}` (the community
 * page's "write here" link), else the community of the writer's profession or course.
 */
export async function getNewArticleForm(
  deps: { db: Database },
  userId: number,
  communitySlug: string | null,
): Promise<ArticleFormData> {
  const { db } = deps
  const columns = { id: communities.id, name: communities.name, slug: communities.slug }
  const [named] = communitySlug
    ? await db.select(columns).from(communities).where(eq(communities.slug, communitySlug))
    : []
  const [own] = named
    ? [named]
    : await db
        .select(columns)
        .from(follows)
        .innerJoin(communities, eq(communities.id, follows.targetId))
        .where(and(eq(follows.userId, userId), eq(follows.kind, 'comunidade'), eq(follows.membership, true)))
        .limit(1)
  return {
    values: { titulo: '', conteudo: '', comunidade_id: own ? String(own.id) : '' },
    community: own ? asItem(own) : null,
    article: null,
  }
}

/** The edit form of an article: only its author (404 unknown, 403 anyone else). */
export async function getEditArticleForm(
  deps: { db: Database },
  userId: number,
  id: number,
): Promise<ArticleFormData> {
  const [row] = await deps.db
    .select({
      id: articles.id,
      slug: articles.slug,
      authorId: articles.authorId,
      title: articles.title,
      body: articles.body,
      community: { id: communities.id, name: communities.name, slug: communities.slug },
    })
    .from(articles)
    .innerJoin(communities, eq(communities.id, articles.communityId))
    .where(eq(articles.id, id))
  if (!row) throw new DomainError('article.notFound', 404)
  if (row.authorId !== userId) throw new DomainError('article.notAuthor', 403)
  return {
    values: { titulo: row.title, conteudo: row.body, comunidade_id: String(row.community.id) },
    community: asItem(row.community),
    article: { id: row.id, path: articlePath(row) },
  }
}

/**
 * The preview is drawn by the same renderer as the page (decisions/0026): what the writer sees is
 * exactly what will be published, and no Markdown code ships to the browser.
 */
export function previewArticle(body: string): Outcome {
  return { body: { html: renderArticle(body), minutos: readingMinutes(body) } }
}
