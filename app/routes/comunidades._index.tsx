import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { CommunityGroup } from '~/components/communities/community-parts'
import { JsonLd } from '~/components/json-ld'
import { listCommunities } from '~/domain/communities/communities.server'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import communitiesCss from '~/styles/communities.css?url'

/** `/comunidades`: every community by kind (profissões, cursos, temas) with its counts. */
export async function loader({ context }: LoaderFunctionArgs) {
  const groups = await listCommunities(context.deps)
  return { groups, canonical: `${context.deps.origin}/comunidades` }
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: communitiesCss }]

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? seo({
        title: t('communities.title'),
        description: t('communities.description'),
        canonical: data.canonical,
      })
    : []

export default function CommunitiesPage() {
  const { groups, canonical } = useLoaderData<typeof loader>()
  return (
    <section className="communities" aria-labelledby="comunidades-titulo">
      <header className="communities__header">
        <h1 id="comunidades-titulo">{t('communities.title')}</h1>
        <p className="muted">{t('communities.intro')}</p>
      </header>
      {groups.map((group) => (
        <CommunityGroup key={group.kind} kind={group.kind} communities={group.communities} />
      ))}
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'CollectionPage',
          name: t('communities.title'),
          description: t('communities.description'),
          url: canonical,
          hasPart: groups.flatMap((group) =>
            group.communities.map((community) => ({
              '@type': 'Organization',
              name: community.name,
              url: `${canonical}/${community.slug}`,
            })),
          ),
        }}
      />
    </section>
  )
}
