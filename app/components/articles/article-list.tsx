import type { ArticleOrder, ArticleSummary } from '~/domain/articles/lists.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'

const number = (n: number) => n.toLocaleString('pt-BR')

/**
 * A list of article summaries: each an `<article>` with its title as a link, who wrote it where
 * and when, the excerpt, and its votes and comments. `origin` makes the links absolute for pages
 * on a profile subdomain, where a site path would take a redirect.
 */
export function ArticleList({
  articles,
  origin = '',
  headingLevel = 3,
  showCommunity = true,
}: {
  articles: ArticleSummary[]
  origin?: string
  headingLevel?: 2 | 3
  /** Off on a community's own page, where every article is of that community. */
  showCommunity?: boolean
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const at = (href: string) => (href.startsWith('/') ? `${origin}${href}` : href)
  return (
    <ol className="article-list">
      {articles.map((article) => (
        <li key={article.id}>
          <article className="article-card" aria-labelledby={`artigo-${article.id}`}>
            <Heading className="article-card__title" id={`artigo-${article.id}`}>
              <a href={at(article.href)}>{article.title}</a>
            </Heading>
            <p className="article-card__meta">
              {t('articleList.by')} <a href={article.author.url}>{article.author.name}</a>
              {showCommunity ? (
                <>
                  {' '}
                  {t('articleList.in')} <a href={at(article.community.href)}>{article.community.name}</a>
                </>
              ) : null}
              {' · '}
              <time dateTime={new Date(article.createdAt).toISOString()}>
                {formatInstant(article.createdAt, 'medium')}
              </time>
              {' · '}
              {t('article.readingTime', { n: article.minutes })}
            </p>
            {article.excerpt ? <p className="article-card__excerpt">{article.excerpt}</p> : null}
            <p className="article-card__counts">
              <span>
                {plural(
                  article.positives,
                  t('articleList.positives.one'),
                  t('articleList.positives.many', { n: number(article.positives) }),
                )}
              </span>
              <span>
                {plural(
                  article.negatives,
                  t('articleList.negatives.one'),
                  t('articleList.negatives.many', { n: number(article.negatives) }),
                )}
              </span>
              <span>
                {plural(
                  article.comments,
                  t('articleList.comments.one'),
                  t('articleList.comments.many', { n: number(article.comments) }),
                  t('articleList.comments.none'),
                )}
              </span>
            </p>
          </article>
        </li>
      ))}
    </ol>
  )
}

/** "Mais recentes" / "Mais votados" as links (they work without JavaScript), the current one marked. */
export function ArticleOrderTabs({
  order,
  href,
}: {
  order: ArticleOrder
  href: (order: ArticleOrder) => string
}) {
  const tabs: [ArticleOrder, string][] = [
    ['recentes', t('articleList.recent')],
    ['votados', t('articleList.voted')],
  ]
  return (
    <nav className="article-tabs" aria-label={t('articleList.order')}>
      <ul>
        {tabs.map(([value, label]) => (
          <li key={value}>
            <a href={href(value)} aria-current={value === order ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** "Página anterior" and "Próxima página" with the page number between; nothing on a lone page. */
export function ArticlePagination({
  page,
  hasNext,
  href,
}: {
  page: number
  hasNext: boolean
  href: (page: number) => string
}) {
  if (page <= 1 && !hasNext) return null
  return (
    <nav className="article-pages" aria-label={t('articleList.pagination')}>
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          {t('articleList.previous')}
        </a>
      ) : null}
      <span aria-current="page">{t('articleList.pageOf', { n: page })}</span>
      {hasNext ? (
        <a href={href(page + 1)} rel="next">
          {t('articleList.next')}
        </a>
      ) : null}
    </nav>
  )
}

/** Query string for a list: page 1 and the default order leave no trace, so each URL is canonical. */
export function listQuery(params: { order?: ArticleOrder; page?: number; [key: string]: unknown }): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (key === 'order' || key === 'page' || value === undefined || value === null || value === '') continue
    query.set(key, String(value))
  }
  if (params.order === 'votados') query.set('ordem', 'votados')
  if (params.page && params.page > 1) query.set('page', String(params.page))
  const text = query.toString()
  return text ? `?${text}` : ''
}
