import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { ArticleComments } from '~/components/articles/comments'
import { JsonLd } from '~/components/json-ld'
import { FollowButton } from '~/components/network/follow-button'
import { getArticlePage } from '~/domain/articles/read.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { loginUrl } from '~/lib/paths'
import { seo } from '~/lib/seo'

const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' })

/** `/artigos/{slug}-{id}`: the id decides; any other slug answers a 301 to the current one. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const match = /^(.*)-(\d{1,12})$/.exec(params.slugId ?? '')
  if (!match) throw data({ reason: 'page' }, { status: 404 })
  const page = await getArticlePage(context.deps, Number(match[2]), context.user?.id ?? null)
  const path = `/artigos/${page.article.slug}-${page.article.id}`
  if (match[1] !== page.article.slug) throw redirect(`${path}${new URL(request.url).search}`, 301)
  return {
    ...page,
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
    path,
    loggedIn: !!context.user,
    published: dateFormat.format(new Date(page.article.createdAt)),
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({ title: d.article.title, description: d.article.excerpt, canonical: `${d.origin}${d.path}` }),
        { property: 'og:type', content: 'article' },
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
          <FollowButton state={d.follow.article} name={article.title} />
          <FollowButton state={d.follow.author} name={author.name} own={author.own} />
        </div>
      </header>
      {/* Server-rendered Markdown with raw HTML off (decisions/0026). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by markdown-it, html: false */}
      <div className="article__body" dangerouslySetInnerHTML={{ __html: article.html }} />
      <section className="article__votes" aria-label={t('article.votes')}>
        {(['POSITIVO', 'NEGATIVO'] as const).map((kind) => (
          <form key={kind} method="post" action={`/ajax/artigos/${article.id}/votar`}>
            <input type="hidden" name="tipo-de-voto" value={kind} />
            <button type="submit" className="button button--small" aria-pressed={d.vote === kind}>
              {kind === 'POSITIVO' ? t('article.votePositive') : t('article.voteNegative')}{' '}
              <span>{kind === 'POSITIVO' ? article.positives : article.negatives}</span>
            </button>
          </form>
        ))}
      </section>
      <ArticleComments
        articleId={article.id}
        comments={d.comments}
        count={article.commentCount}
        loginHref={d.loggedIn ? null : loginUrl(d.path)}
      />
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
