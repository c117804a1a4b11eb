import { and, asc, desc, eq, or } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { users } from '~/db/schema'
import { communities } from '~/db/schema-accounts'
import { articles } from '~/db/schema-articles'
import { follows } from '~/db/schema-network'
import { DomainError } from '~/domain/errors'
import type { Outcome } from '~/domain/outcome'
import { AUTOCOMPLETE_LIMIT, type AutocompleteItem, matchRank, searchTerm } from '~/domain/reference/match'
import { t } from '~/i18n/pt-BR'
import { articlePath } from '~/lib/paths'
import { readingMinutes, renderArticle } from './markdown.server'

export type ArticleFormData = {
  values: { titulo: string; conteudo: string; comunidade_id: string }
  community: AutocompleteItem | null
  /** Present when editing: the article's id and page. */
  article: { id: number; path: string } | null
  /** Why this writer cannot publish yet (unconfirmed e-mail, no community), shown above the form. */
  notice?: string | null
}

type CommunityRow = { id: number; name: string; slug: string }
const asItem = (row: CommunityRow): AutocompleteItem => ({
  label: row.name,
  inputLabel: row.name,
  value: row.id,
  slug: row.slug,
})

/**
 * The communities `userId` may publish to (decisions/0049): the one of their profession or
 * course first, then the themes they follow, by name. The same rule as `assertMayPublish`.
 */
export async function publishableCommunities(
  deps: { db: Database },
  userId: number,
): Promise<(CommunityRow & { membership: boolean })[]> {
  return deps.db
    .select({
      id: communities.id,
      name: communities.name,
      slug: communities.slug,
      membership: follows.membership,
    })
    .from(follows)
    .innerJoin(communities, eq(communities.id, follows.targetId))
    .where(
      and(
        eq(follows.userId, userId),
        eq(follows.kind, 'comunidade'),
        or(eq(follows.membership, true), eq(communities.kind, 'tema')),
      ),
    )
    .orderBy(desc(follows.membership), asc(communities.name))
}

/** The article form's community autocomplete: only where the writer may publish. */
export async function searchPublishableCommunities(
  deps: { db: Database },
  userId: number,
  term: string,
): Promise<AutocompleteItem[]> {
  const rows = await publishableCommunities(deps, userId)
  return rows
    .map((row) => ({ row, rank: matchRank(row.name, term) }))
    .filter((hit): hit is { row: (typeof rows)[number]; rank: number } => hit.rank !== null)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, AUTOCOMPLETE_LIMIT)
    .map(({ row }) => asItem(row))
}

/** The field's typed text as asked (`?comunidade_nome=`): too short to search finds nothing. */
export async function communitiesForWriter(
  deps: { db: Database },
  userId: number,
  typed: string | undefined,
): Promise<AutocompleteItem[]> {
  const term = searchTerm(typed)
  return term ? searchPublishableCommunities(deps, userId, term) : []
}

/**
 * What `/artigos/novo` starts with: the community named by `?comunidade={slug}` (the community
 * page's "write here" link) when the writer may publish there, else the community of their
 * profession or course. `notice` says why publishing will be refused, before anything is typed.
 */
export async function getNewArticleForm(
  deps: { db: Database },
  userId: number,
  communitySlug: string | null,
): Promise<ArticleFormData> {
  const [allowed, [user]] = await Promise.all([
    publishableCommunities(deps, userId),
    deps.db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)),
  ])
  // A followed theme is offered, never pre-chosen: only the profession's or course's community is.
  const own = allowed.find((row) => row.slug === communitySlug) ?? allowed.find((row) => row.membership)
  const notice = !user?.confirmedAt
    ? t('article.emailUnconfirmed')
    : allowed.length === 0
      ? t('articleForm.noCommunity')
      : null
  return {
    values: { titulo: '', conteudo: '', comunidade_id: own ? String(own.id) : '' },
    community: own ? asItem(own) : null,
    article: null,
    notice,
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
