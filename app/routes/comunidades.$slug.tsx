import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { Link, useLoaderData } from '@remix-run/react'
import { CommunityPeople, countsLabel, membersLabel } from '~/components/communities/community-parts'
import { JsonLd } from '~/components/json-ld'
import { FollowButton } from '~/components/network/follow-button'
import { loadCommunity } from '~/domain/communities/communities.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import communitiesCss from '~/styles/communities.css?url'

/** `/comunidades/{slug}`: a community, its counts, the follow button and its newest members. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = await loadCommunity(context.deps, params.slug ?? '', context.user?.id ?? null)
  return { ...page, canonical: `${context.deps.origin}/comunidades/${page.community.slug}` }
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: communitiesCss }]

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
  const { community, follow, people, directory, canonical } = useLoaderData<typeof loader>()
  const theme = community.kind === 'tema'
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
      {/* The articles issue adds the community's articles here: one more <section> like the one above. */}
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
