import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { ArticleComments } from '~/components/articles/comments'
import { VoteButtons } from '~/components/articles/vote-buttons'
import { JsonLd } from '~/components/json-ld'
import { FollowButton } from '~/components/network/follow-button'
import { getArticlePage } from '~/domain/articles/read.server'
import { pageDepsHeaders } from '~/domain/cache/page-deps'
import { shareKey, shareTotal } from '~/domain/shares/shares.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { articlePath, MAX_RETURN_PATH } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { LOGIN_MODAL_HANDLE } from '~/ui/login-plain-form'
import { ShareButtons } from '~/ui/share-buttons'

/**
 * `/artigos/{slug}-{id}`: the id decides; any other slug, or none (`/artigos/401`), answers a
 * 301 to the current one.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const match = /^(?:(.*)-)?(\d{1,12})$/.exec(params.slugId ?? '')
  if (!match) throw data({ reason: 'page' }, { status: 404 })
  const { dependsOn, ...page } = await getArticlePage(
    context.deps,
    Number(match[2]),
    context.user?.id ?? null,
  )
  const path = articlePath(page.article)
  if (match[1] !== page.article.slug || new URL(request.url).pathname !== path) {
    // The query rides along to the canonical address unless it is past any real one.
    const { search } = new URL(request.url)
    throw redirect(`${path}${search.length <= MAX_RETURN_PATH ? search : ''}`, 301)
  }
  const origin = mainOrigin(context.cloudflare.env.BASE_DOMAIN)
  const shares = await shareTotal(
    context.deps,
    shareKey(`${origin}${path}`, context.cloudflare.env.BASE_DOMAIN),
  )
  return data(
    {
      ...page,
      origin,
      path,
      shares,
      published: formatInstant(page.article.createdAt, 'long'),
    },
    { headers: pageDepsHeaders(dependsOn) },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** Its follow button opens the login modal at the first press (decisions/0056). */
export const handle = LOGIN_MODAL_HANDLE

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({ title: d.article.title, description: d.article.excerpt, canonical: `${d.origin}${d.path}` }),
        { property: 'og:type', content: 'article' },
        { property: 'article:published_time', content: new Date(d.article.createdAt).toISOString() },
        { property: 'article:section', content: d.community.name },
      ]
    : []

export default function ArticlePage() {
  const d = useLoaderData<typeof loader>()
  const { article, author, community } = d
  return (
    <article className="document article" aria-labelledby="artigo-titulo">
      <header className="document__header">
        <p className="document__kicker">
          <a href={community.href}>{community.name}</a>
        </p>
        <h1 id="artigo-titulo">{article.title}</h1>
        <p className="muted">
          {t('article.by')} <a href={author.url}>{author.name}</a> ·{' '}
          {t('article.publishedOn', { data: d.published })} ·{' '}
          {t('article.readingTime', { n: article.minutes })}
        </p>
        <div className="article__follows">
          {/* Two follows on one page: each says what it follows, and they do not look alike. */}
          <FollowButton
            state={d.follow.article}
            name={article.title}
            labels={{ follow: t('follow.followArticle'), following: t('follow.followingArticle') }}
          />
          <FollowButton
            state={d.follow.author}
            name={author.name}
            own={author.own}
            variant="secondary"
            labels={{ follow: t('follow.followAuthor'), following: t('follow.followingAuthor') }}
          />
          {author.own ? (
            <a className="button button--secondary button--small" href={`/artigos/${article.id}/editar`}>
              {t('article.edit')}
            </a>
          ) : null}
        </div>
      </header>
      {/* Server-rendered Markdown with raw HTML off (decisions/0026). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by markdown-it, html: false */}
      <div className="article__body" dangerouslySetInnerHTML={{ __html: article.html }} />
      <VoteButtons
        articleId={article.id}
        initial={{ positives: article.positives, negatives: article.negatives, vote: d.vote }}
      />
      <ShareButtons url={`${d.origin}${d.path}`} title={article.title} initialCount={d.shares} />
      <ArticleComments articleId={article.id} comments={d.comments} count={article.commentCount} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          datePublished: new Date(article.createdAt).toISOString(),
          ...(article.updatedAt ? { dateModified: new Date(article.updatedAt).toISOString() } : {}),
          author: { '@type': 'Person', name: author.name, url: author.url },
          url: `${d.origin}${d.path}`,
        }}
      />
    </article>
  )
}
