import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { ClaimStatus, type ClaimView } from '~/components/claims/claim-status'
import { Appearances } from '~/components/corpus/appearances'
import { JsonLd } from '~/components/json-ld'
import { FollowButton } from '~/components/network/follow-button'
import { RemovalLink, robotsMeta } from '~/components/removal/removal-link'
import { claimsOfPerson, isClaimable } from '~/domain/claims/claims.server'
import { getPerson } from '~/domain/corpus/read/entities.server'
import { followState } from '~/domain/follows/follows.server'
import { mainOrigin, profileOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { personPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { monitorNameHref } from '~/schemas/monitoring-constants'
import { foldSlug, redirectToCanonical } from '~/server/canonical.server'
import { LOGIN_MODAL_HANDLE } from '~/ui/login-plain-form'

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const found = await getPerson(context.deps, foldSlug(params.slug ?? ''))
  if (!found) throw data({ reason: 'page' }, { status: 404 })
  redirectToCanonical(request, personPath(found.person.slug))
  const viewerId = context.user?.id ?? null
  const base = context.cloudflare.env.BASE_DOMAIN
  const [follow, claims] = await Promise.all([
    followState(context.deps, viewerId, 'pessoa', found.person.id),
    claimsOfPerson(context.deps, found.person.id, viewerId),
  ])
  const { holder, mine, pendingOthers } = claims
  // Only an accepted claim shows the profile: a suspended one (renamed account) shows nothing.
  const claim: ClaimView = {
    profile:
      holder?.status === 'aceita' ? { name: holder.name, url: profileOrigin(holder.subdomain, base) } : null,
    mine: mine?.status ?? null,
    pendingOthers,
  }
  // Pending claims of others never block the page.
  const claimable = !holder && !mine && (await isClaimable(context.deps, found.person.id))
  // A mask decision takes the page away in the read itself (decisions/0097), as for the open API.
  return { ...found, follow, claim, claimable, origin: mainOrigin(base) }
}

/** Its follow button opens the login modal at the first press (decisions/0056). */
export const handle = LOGIN_MODAL_HANDLE

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({
          title: d.person.name,
          description: t('person.description', { nome: d.person.name }),
          canonical: `${d.origin}${personPath(d.person.slug)}`,
        }),
        ...robotsMeta(d.restrictions),
      ]
    : []

export default function PersonPage() {
  const { person, lawsuits, gazetteArticles, origin, follow, claim, claimable } =
    useLoaderData<typeof loader>()
  return (
    <article className="document" aria-labelledby="pessoa-nome">
      <header className="document__header">
        <p className="document__kicker">{t('search.category.p')}</p>
        <h1 id="pessoa-nome">{person.name}</h1>
        {person.city ? <p className="document__subtitle">{`${person.city}/${person.uf}`}</p> : null}
        <FollowButton state={follow} name={person.name} />
        <a
          className="button button--secondary monitor-name"
          href={monitorNameHref(person.name, 'BOTAO_MONITORAR_PAGINA_PESSOA')}
        >
          {t('monitoring.nameButton')}
        </a>
        <ClaimStatus person={person} claim={claim} claimable={claimable} />
      </header>
      <Appearances lawsuits={lawsuits} gazetteArticles={gazetteArticles} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Person',
          name: person.name,
          url: `${origin}${personPath(person.slug)}`,
        }}
      />
      <RemovalLink path={personPath(person.slug)} />
    </article>
  )
}
