import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import {
  ArticleList,
  ArticleOrderTabs,
  ArticlePagination,
  listQuery,
} from '~/components/articles/article-list'
import { JsonLd } from '~/components/json-ld'
import {
  type ArticleOrder,
  listArticles,
  listAuthorArticles,
  readArticleOrder,
  readArticlesPage,
} from '~/domain/articles/lists.server'
import { profileUrl } from '~/domain/follows/targets.server'
import { findUserBySubdomain } from '~/domain/users/users.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'

/**
 * `/artigos` ("Artigos e comunidades"): every article, `?ordem=votados` for the most voted,
 * `?page=N`; `?autor={subdomínio}` lists one author's (the profile's "see all" link).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const page = readArticlesPage(url.searchParams.get('page'))
  const { deps } = context
  const subdomain = url.searchParams.get('autor')
  if (subdomain) {
    const author = await findUserBySubdomain(deps, subdomain)
    if (!author) throw data({ reason: 'page' }, { status: 404 })
    const list = await listAuthorArticles(deps, author.id, { page })
    return {
      ...list,
      order: 'recentes' as ArticleOrder,
      author: { name: author.name, headline: author.headline, subdomain: author.subdomain },
      authorUrl: profileUrl(deps.origin, author.subdomain),
      canonical: `${deps.origin}/artigos${listQuery({ autor: author.subdomain, page })}`,
    }
  }
  const order = readArticleOrder(url.searchParams.get('ordem'))
  const list = await listArticles(deps, { order, page })
  return {
    ...list,
    order,
    author: null,
    authorUrl: null,
    canonical: `${deps.origin}/artigos${listQuery({ order, page })}`,
  }
}

function heading(d: { author: { name: string } | null }) {
  return d.author ? t('articleList.authorTitle', { nome: d.author.name }) : t('articleList.title')
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => {
  if (!d) return []
  const title = d.page > 1 ? t('articleList.pageTitle', { titulo: heading(d), n: d.page }) : heading(d)
  return seo({
    title,
    description: d.author
      ? t('articleList.authorDescription', { nome: d.author.name, titulo: d.author.headline })
      : t('articleList.description'),
    canonical: d.canonical,
  })
}

export default function ArticlesPage() {
  const d = useLoaderData<typeof loader>()
  const author = d.author
  const href = (params: { order?: ArticleOrder; page?: number }) =>
    `/artigos${listQuery({ autor: author?.subdomain, ...params })}`
  return (
    <section className="article-lists" aria-labelledby="artigos-titulo">
      <header className="article-lists__header">
        <h1 id="artigos-titulo">{heading(d)}</h1>
        {author && d.authorUrl ? (
          <p>
            <a href={d.authorUrl}>{t('articleList.authorProfile', { nome: author.name })}</a>
          </p>
        ) : (
          <p className="muted">{t('articleList.lead')}</p>
        )}
        <p className="article-lists__actions">
          <a className="button" href="/artigos/novo">
            {t('articleList.write')}
          </a>
          <a href="/comunidades">{t('articleList.communities')}</a>
        </p>
      </header>
      {author ? null : <ArticleOrderTabs order={d.order} href={(order) => href({ order })} />}
      {d.articles.length ? (
        <ArticleList articles={d.articles} headingLevel={2} />
      ) : d.page > 1 ? (
        <div className="article-lists__empty">
          <p>{t('articleList.pageEmpty')}</p>
          <p>
            <a href={href({ order: d.order })}>{t('articleList.firstPage')}</a>
          </p>
        </div>
      ) : (
        <div className="article-lists__empty">
          <p>{author ? t('articleList.authorEmpty', { nome: author.name }) : t('articleList.empty')}</p>
          {author ? null : <p className="muted">{t('articleList.emptyHint')}</p>}
        </div>
      )}
      <ArticlePagination page={d.page} hasNext={d.hasNext} href={(page) => href({ order: d.order, page })} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'CollectionPage',
          name: heading(d),
          url: d.canonical,
          hasPart: d.articles.map((article) => ({
            '@type': 'Article',
            headline: article.title,
            url: `${new URL(d.canonical).origin}${article.href}`,
            datePublished: new Date(article.createdAt).toISOString(),
            author: { '@type': 'Person', name: article.author.name, url: article.author.url },
          })),
        }}
      />
    </section>
  )
}
