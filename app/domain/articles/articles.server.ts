import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { articles } from '~/db/schema-articles'
import { pagesOf } from '~/domain/cache/purges'
import { slugify } from '~/domain/corpus/import/text'
import { DomainError } from '~/domain/errors'
import { takeDailyQuota } from '~/domain/limits/daily-quotas.server'
import { forgetSubject } from '~/domain/notifications/inbox.server'
import { notify, type Outcome } from '~/domain/outcome'
import { requireConfirmedEmail } from '~/domain/users/confirmed.server'
import { t } from '~/i18n/pt-BR'
import { articlePath } from '~/lib/paths'
import type { ArticleInput } from '~/schemas/articles'

function slugOf(title: string): string {
  return slugify(title).slice(0, 80).replace(/-+$/, '') || 'artigo'
}

/**
 * Where an account may publish (issue 27 item 6, decisions/0049): only with a confirmed e-mail,
 * and only in a community it takes part in. A profession or course community's members are its
 * people (the locked membership follow); a theme has no members, so taking part is following it.
 * An article reaches every follower of its community: a stranger's post there is the abuse.
 */
async function assertMayPublish(db: Database, userId: number, communityId: number) {
  const [row] = await db.all<{ exists: number; member: number }>(sql`
    SELECT EXISTS (SELECT 1 FROM communities c WHERE c.id = ${communityId}) AS "exists",
      EXISTS (SELECT 1 FROM follows f JOIN communities c ON c.id = f.target_id
        WHERE f.user_id = u.id AND f.kind = 'comunidade' AND f.target_id = ${communityId}
          AND (f.membership = 1 OR c.kind = 'tema')) AS member
    FROM users u WHERE u.id = ${userId}`)
  if (!row?.exists) throw new DomainError('article.communityNotFound', 422, { field: 'comunidade_id' })
  await requireConfirmedEmail({ db }, userId, 'publish')
  if (!row.member) throw new DomainError('article.notMember', 403, { field: 'comunidade_id' })
}

/** Who acts: the id, and the subdomain whose profile lists their articles. */
type Author = { id: number; subdomain: string }

export async function publishArticle(
  deps: { db: Database; now: () => Date },
  author: Author,
  input: ArticleInput,
): Promise<Outcome> {
  const authorId = author.id
  await assertMayPublish(deps.db, authorId, input.comunidade_id)
  // After every check, before the insert: a refused article spends nothing, a stored one its slot.
  await takeDailyQuota(deps, authorId, 'artigo')
  const [row] = await deps.db
    .insert(articles)
    .values({
      authorId,
      communityId: input.comunidade_id,
      title: input.titulo,
      slug: slugOf(input.titulo),
      body: input.conteudo,
    })
    .returning({ id: articles.id, slug: articles.slug })
  if (!row) throw new Error('article not inserted')
  const url = articlePath(row)
  return {
    message: t('article.published'),
    redirect: url,
    body: { artigo: { id: row.id, url }, redirect_url: url },
    // The community's followers hear of it through the queue (one event, fanned out there).
    effects: [
      notify({ type: 'community-article', articleId: row.id, dedupeKey: `artigo:${row.id}` }),
      pagesOf.article(row.id, author.subdomain),
    ],
  }
}

/** The article if `userId` wrote it: 404 when it does not exist, 403 for anyone else. */
async function ownArticle(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ id: articles.id, authorId: articles.authorId, communityId: articles.communityId })
    .from(articles)
    .where(eq(articles.id, id))
  if (!row) throw new DomainError('article.notFound', 404)
  if (row.authorId !== userId) throw new DomainError('article.notAuthor', 403)
  return row
}

export async function editArticle(
  deps: { db: Database; now: () => Date },
  author: Author,
  id: number,
  input: ArticleInput,
): Promise<Outcome> {
  const userId = author.id
  const current = await ownArticle(deps.db, userId, id)
  // Moving an article is publishing it elsewhere: the same rule (an old article stays editable
  // where it is even if its author left that community since).
  if (current.communityId !== input.comunidade_id)
    await assertMayPublish(deps.db, userId, input.comunidade_id)
  const [row] = await deps.db
    .update(articles)
    .set({
      title: input.titulo,
      slug: slugOf(input.titulo),
      body: input.conteudo,
      communityId: input.comunidade_id,
      updatedAt: deps.now().getTime(),
    })
    .where(and(eq(articles.id, id), eq(articles.authorId, userId)))
    .returning({ id: articles.id, slug: articles.slug })
  if (!row) throw new DomainError('article.notFound', 404)
  const url = articlePath(row)
  return {
    message: t('article.saved'),
    redirect: url,
    body: { artigo: { id: row.id, url }, redirect_url: url },
    effects: [pagesOf.article(row.id, author.subdomain)],
  }
}

export async function deleteArticle(deps: { db: Database }, author: Author, id: number): Promise<Outcome> {
  const userId = author.id
  await ownArticle(deps.db, userId, id)
  // One batch: the article and everything said about it in notifications go together.
  await deps.db.batch([
    forgetSubject(deps.db, 'artigo', id),
    deps.db.delete(articles).where(and(eq(articles.id, id), eq(articles.authorId, userId))),
  ])
  return {
    message: t('article.deleted'),
    redirect: '/artigos',
    body: { redirect_url: '/artigos' },
    effects: [pagesOf.article(id, author.subdomain)],
  }
}
