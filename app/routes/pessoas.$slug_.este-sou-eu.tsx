import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { ClaimForm } from '~/components/claims/claim-form'
import { claimOfPerson, claimOfUser, isClaimable } from '~/domain/claims/claims.server'
import { getPerson } from '~/domain/corpus/read/entities.server'
import { mainOrigin, profileOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { requireUser } from '~/server/guards.server'

/**
 * `/pessoas/{slug}/este-sou-eu` (issue 17, decisions/0034): says exactly what a claim does before
 * anything happens, then the form. Login first (a gated action).
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const found = await getPerson(context.deps, params.slug ?? '')
  if (!found) throw data({ reason: 'page' }, { status: 404 })
  const { person } = found
  const base = context.cloudflare.env.BASE_DOMAIN
  const [live, mine] = await Promise.all([
    claimOfPerson(context.deps, person.id),
    claimOfUser(context.deps, user.id),
  ])
  // Why the form is not offered, if it is not (the server refuses the same cases).
  const refusal = live
    ? live.userId === user.id
      ? t('claims.alreadyYours')
      : t('claims.taken')
    : mine
      ? t('claims.mineElsewhere', { nome: mine.name })
      : (await isClaimable(context.deps, person.id))
        ? null
        : t('claims.notClaimable')
  return {
    person: { id: person.id, name: person.name, slug: person.slug },
    pageUrl: `${mainOrigin(base)}/pessoas/${person.slug}`,
    account: profileOrigin(user.subdomain, base).replace(/^https?:\/\//, ''),
    refusal,
    elsewhere: mine && !live ? `/pessoas/${mine.slug}` : null,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({
          title: t('claims.page.title', { nome: d.person.name }),
          description: t('claims.page.intro'),
        }),
        { name: 'robots', content: 'noindex' },
      ]
    : []

export default function ClaimPage() {
  const { person, pageUrl, account, refusal, elsewhere } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow claim-page" aria-labelledby="titulo-pagina">
      <p>
        <a href={`/pessoas/${person.slug}`}>{t('claims.page.back', { nome: person.name })}</a>
      </p>
      <h1 id="titulo-pagina">{t('claims.page.title', { nome: person.name })}</h1>
      {refusal ? (
        <p className="alert alert--notice" role="status">
          {elsewhere ? <a href={elsewhere}>{refusal}</a> : refusal}
        </p>
      ) : (
        <>
          <p>{t('claims.page.intro')}</p>
          <ul className="claim-page__steps">
            <li>{t('claims.page.which', { nome: person.name, url: pageUrl, conta: account })}</li>
            <li>{t('claims.page.link')}</li>
            <li>{t('claims.page.list')}</li>
            <li>{t('claims.page.undo')}</li>
            <li>{t('claims.page.one')}</li>
          </ul>
          <h2>{t('claims.page.howTitle')}</h2>
          <p>{t('claims.page.how')}</p>
          <p className="muted">{t('claims.page.statement')}</p>
          <ClaimForm personId={person.id} />
        </>
      )}
    </section>
  )
}
