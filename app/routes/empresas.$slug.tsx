import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { Appearances } from '~/components/corpus/appearances'
import { Facts } from '~/components/corpus/document-facts'
import { JsonLd } from '~/components/json-ld'
import { FollowButton } from '~/components/network/follow-button'
import { RemovalLink, robotsMeta } from '~/components/removal/removal-link'
import { getCompany } from '~/domain/corpus/read/entities.server'
import { followState } from '~/domain/follows/follows.server'
import { pageRestrictions } from '~/domain/removal/pages.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { formatCnpjDigits } from '~/lib/format'
import { companyPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { monitorNameHref } from '~/schemas/monitoring-constants'
import { foldSlug, redirectToCanonical } from '~/server/canonical.server'
import { LOGIN_MODAL_HANDLE } from '~/ui/login-plain-form'

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const found = await getCompany(context.deps, foldSlug(params.slug ?? ''))
  if (!found) throw data({ reason: 'page' }, { status: 404 })
  redirectToCanonical(request, companyPath(found.company.slug))
  const follow = await followState(context.deps, context.user?.id ?? null, 'empresa', found.company.id)
  const restrictions = await pageRestrictions(context.deps, 'empresa', found.company.id)
  return { ...found, follow, origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN), restrictions }
}

/** Its follow button opens the login modal at the first press (decisions/0056). */
export const handle = LOGIN_MODAL_HANDLE

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({
          title: d.company.legalName,
          description: t('company.description', {
            nome: d.company.legalName,
            cnpj: formatCnpjDigits(d.company.cnpj),
          }),
          canonical: `${d.origin}${companyPath(d.company.slug)}`,
        }),
        ...robotsMeta(d.restrictions),
      ]
    : []

export default function CompanyPage() {
  const { company, lawsuits, gazetteArticles, origin, follow } = useLoaderData<typeof loader>()
  return (
    <article className="document" aria-labelledby="empresa-nome">
      <header className="document__header">
        <p className="document__kicker">{t('search.category.i')}</p>
        <h1 id="empresa-nome">{company.legalName}</h1>
        <FollowButton state={follow} name={company.legalName} />
        <a
          className="button button--secondary monitor-name"
          href={monitorNameHref(company.legalName, 'BOTAO_MONITORAR_PAGINA_EMPRESA')}
        >
          {t('monitoring.nameButton')}
        </a>
      </header>
      <Facts
        items={[
          [t('company.cnpj'), formatCnpjDigits(company.cnpj)],
          [t('company.tradeName'), company.tradeName],
          [t('entity.city'), company.city ? `${company.city}/${company.uf}` : null],
        ]}
      />
      <Appearances lawsuits={lawsuits} gazetteArticles={gazetteArticles} />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Organization',
          legalName: company.legalName,
          name: company.tradeName ?? company.legalName,
          taxID: formatCnpjDigits(company.cnpj),
          url: `${origin}${companyPath(company.slug)}`,
        }}
      />
      <RemovalLink path={companyPath(company.slug)} />
    </article>
  )
}
