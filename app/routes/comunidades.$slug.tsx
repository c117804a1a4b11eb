import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import {
  ArticleList,
  ArticleOrderTabs,
  ArticlePagination,
  listQuery,
} from '~/components/articles/article-list'
import { CommunityPeople, countsLabel, membersLabel } from '~/components/communities/community-parts'
import { JsonLd } from '~/components/json-ld'
import { FollowButton } from '~/components/network/follow-button'
import {
  type ArticleOrder,
  listCommunityArticles,
  readArticleOrder,
  readArticlesPage,
} from '~/domain/articles/lists.server'
import { loadCommunity } from '~/domain/communities/communities.server'
import { t } from '~/i18n/pt-BR'
import { communityPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { foldSlug, redirectToCanonical } from '~/server/canonical.server'
import communitiesCss from '~/styles/communities.css?url'
import { LOGIN_MODAL_HANDLE } from '~/ui/login-plain-form'

/** `/comunidades/{slug}`: a community, its counts, the follow button and its newest members. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const page = await loadCommunity(context.deps, foldSlug(params.slug ?? ''), context.user?.id ?? null)
  redirectToCanonical(request, communityPath(page.community.slug))
  // Its articles, `?ordem=votados&page=N` (decisions/0027): one more indexed statement.
  const url = new URL(request.url)
  const order = readArticleOrder(url.searchParams.get('ordem'))
  const articles = await listCommunityArticles(context.deps, page.community.id, {
    order,
    page: readArticlesPage(url.searchParams.get('page')),
  })
  return {
    ...page,
    articles: { ...articles, order },
    canonical: `${context.deps.origin}${communityPath(page.community.slug)}`,
  }
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: communitiesCss }]

/** Its follow button opens the login modal at the first press (decisions/0056). */
export const handle = LOGIN_MODAL_HANDLE

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return []
  const { community } = data
  const kind = t(`communities.kindOne.${community.kind}`)
  return seo({
    title: t('communities.pageTitle', { nome: community.name, tipo: kind }),
    description: t('communities.pageDescription', {
      tipo: kind,
      nome: community.name,
      contagem: countsLabel(community).toLowerCase(),
    }),
    canonical: data.canonical,
  })
}

export default function CommunityPage() {
  const { community, follow, people, directory, canonical, articles } = useLoaderData<typeof loader>()
  const theme = community.kind === 'tema'
  const articlesHref = (params: { order?: ArticleOrder; page?: number }) =>
    `${communityPath(community.slug)}${listQuery(params)}#comunidade-artigos`
  return (
    <article className="community" aria-labelledby="comunidade-nome">
      <nav className="community__trail" aria-label={t('communities.title')}>
        <Link to="/comunidades">{t('communities.all')}</Link>
      </nav>
      <header className="community__header">
        <p className="document__kicker">{t(`communities.kindOne.${community.kind}`)}</p>
        <h1 id="comunidade-nome">{community.name}</h1>
        {theme ? null : <p className="community__members">{membersLabel(community.members)}</p>}
        <p className="muted">{t(`communities.joinHint.${community.kind}`)}</p>
        <FollowButton state={follow} name={community.name} />
        {directory ? (
          <p>
            <Link to={`/${directory.slug}`}>
              {t('communities.inDirectory', { profissionais: directory.plural.toLowerCase() })}
            </Link>
          </p>
        ) : null}
      </header>
      <section className="community__section" aria-labelledby="comunidade-pessoas">
        <h2 id="comunidade-pessoas">
          {t(theme ? 'communities.newestFollowers' : 'communities.newestMembers')}
        </h2>
        {people.length ? (
          <CommunityPeople people={people} />
        ) : (
          <p className="muted">{t(theme ? 'communities.noFollowers' : 'communities.noMembers')}</p>
        )}
      </section>
      <section className="community__section" aria-labelledby="comunidade-artigos">
        <h2 id="comunidade-artigos">{t('articleList.communityHeading')}</h2>
        <p>
          <a className="button button--small" href={`/artigos/novo?comunidade=${community.slug}`}>
            {t('articleList.writeHere')}
          </a>
        </p>
        <ArticleOrderTabs order={articles.order} href={(order) => articlesHref({ order })} />
        {articles.articles.length ? (
          <ArticleList articles={articles.articles} showCommunity={false} />
        ) : articles.page > 1 ? (
          <p>
            {t('articleList.pageEmpty')}{' '}
            <a href={articlesHref({ order: articles.order })}>{t('articleList.firstPage')}</a>
          </p>
        ) : (
          <p className="muted">
            {t('articleList.communityEmpty')}{' '}
            <a href={`/artigos/novo?comunidade=${community.slug}`}>{t('articleList.communityWrite')}</a>
          </p>
        )}
        <ArticlePagination
          page={articles.page}
          hasNext={articles.hasNext}
          href={(page) => articlesHref({ order: articles.order, page })}
        />
      </section>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: community.name,
          url: canonical,
          description: t(`communities.joinHint.${community.kind}`),
          ...(theme
            ? {}
            : {
                member: people.map((person) => ({
                  '@type': 'Person',
                  name: person.name,
                  jobTitle: person.headline,
                  url: person.url,
                })),
              }),
        }}
      />
    </article>
  )
}
