import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { ClaimForm } from '~/components/claims/claim-form'
import { claimOfUser, claimsOfPerson, isClaimable } from '~/domain/claims/claims.server'
import { getPerson } from '~/domain/corpus/read/entities.server'
import { mainOrigin, profileOrigin } from '~/domain/site/host'
import { maskCpf, verificationOf } from '~/domain/trust/identity.server'
import { t } from '~/i18n/pt-BR'
import { personPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { requireUser } from '~/server/guards.server'

/**
 * `/pessoas/{slug}/este-sou-eu` (issue 17, decisions/0034 and 0047): says exactly what a claim
 * does and how it is decided (gov.br at once, anything else reviewed) before anything happens, then
 * the form. Login first (a gated action).
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const found = await getPerson(context.deps, params.slug ?? '')
  if (!found) throw data({ reason: 'page' }, { status: 404 })
  const { person } = found
  const base = context.cloudflare.env.BASE_DOMAIN
  const [claims, mine, verified] = await Promise.all([
    claimsOfPerson(context.deps, person.id, user.id),
    claimOfUser(context.deps, user.id),
    verificationOf(context.deps, user.id),
  ])
  // Why the form is not offered, if it is not (the server refuses the same cases). Pending claims
  // of others never stop it.
  const refusal = claims.mine
    ? t('claims.alreadyYours')
    : claims.holder
      ? t('claims.taken')
      : mine
        ? t('claims.mineElsewhere', { nome: mine.name })
        : (await isClaimable(context.deps, person.id))
          ? null
          : t('claims.notClaimable')
  const here = `${personPath(person.slug)}/este-sou-eu`
  return {
    person: { id: person.id, name: person.name, slug: person.slug },
    pageUrl: `${mainOrigin(base)}${personPath(person.slug)}`,
    account: profileOrigin(user.subdomain, base).replace(/^https?:\/\//, ''),
    refusal,
    elsewhere: mine && !claims.mine ? personPath(mine.slug) : null,
    // Never the whole CPF, not even to its owner.
    identity: verified ? { name: verified.name, cpf: maskCpf(verified.cpf) } : null,
    govbrUrl: `/verificar-identidade/govbr?auth.redirect=${encodeURIComponent(here)}`,
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
  const { person, pageUrl, account, refusal, elsewhere, identity, govbrUrl } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow claim-page" aria-labelledby="titulo-pagina">
      <p>
        <a href={personPath(person.slug)}>{t('claims.page.back', { nome: person.name })}</a>
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
          <ul>
            <li>{t('claims.page.howGovbr')}</li>
            <li>{t('claims.page.howReview')}</li>
          </ul>
          {identity ? (
            <p className="alert alert--notice" role="status">
              {t('claims.govbr.verified', { nome: identity.name, cpf: identity.cpf })}{' '}
              <a href={govbrUrl}>{t('claims.govbr.again')}</a>
            </p>
          ) : (
            <p>
              <a className="button" href={govbrUrl}>
                {t('claims.govbr.button')}
              </a>
            </p>
          )}
          <p className="muted">{t('claims.page.statement')}</p>
          <ClaimForm personId={person.id} verified={!!identity} />
        </>
      )}
    </section>
  )
}
