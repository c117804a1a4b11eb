import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { Facts } from '~/components/corpus/document-facts'
import { JsonLd } from '~/components/json-ld'
import { RemovalLink, robotsMeta } from '~/components/removal/removal-link'
import { getDecision } from '~/domain/corpus/read/documents.server'
import { pageRestrictions } from '~/domain/removal/pages.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { formatDate } from '~/lib/format'
import { readableCase } from '~/lib/labels'
import { decisionPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { CollapsibleText } from '~/ui/collapsible-text'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = Number(params.id)
  const decision = Number.isInteger(id) && id > 0 ? await getDecision(context.deps, id) : null
  if (!decision) throw data({ reason: 'page' }, { status: 404 })
  const restrictions = await pageRestrictions(context.deps, 'decisao', decision.id)
  return { decision, origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN), restrictions }
}

function heading(d: { className: string | null; number: string; court: string }) {
  return t('decision.title', {
    classe: readableCase(d.className) ?? 'Decisão',
    numero: d.number,
    tribunal: d.court,
  })
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        ...seo({
          title: heading(d.decision),
          description: d.decision.summary,
          canonical: `${d.origin}${decisionPath(d.decision.id)}`,
        }),
        ...robotsMeta(d.restrictions),
      ]
    : []

export default function DecisionPage() {
  const { decision, origin } = useLoaderData<typeof loader>()
  return (
    <article className="document" aria-labelledby="decisao-titulo">
      <header className="document__header">
        <p className="document__kicker">{t('search.category.jr')}</p>
        <h1 id="decisao-titulo">{heading(decision)}</h1>
      </header>
      <Facts
        items={[
          [t('lawsuit.court'), decision.court],
          [t('lawsuit.class'), readableCase(decision.className)],
          [t('decision.rapporteur'), decision.rapporteur],
          [t('lawsuit.body'), decision.judgingBody],
          [t('decision.judged'), formatDate(decision.judgedAt)],
          [t('decision.published'), formatDate(decision.publishedAt)],
          [t('decision.outcome'), decision.outcome],
        ]}
      />
      <section aria-labelledby="ementa">
        <h2 id="ementa">{t('decision.ementa')}</h2>
        <p className="ementa">{decision.summary}</p>
      </section>
      {decision.fullText ? (
        <section aria-labelledby="inteiro-teor">
          <h2 id="inteiro-teor">{t('decision.fullText')}</h2>
          <CollapsibleText>
            <div className="preformatted">{decision.fullText}</div>
          </CollapsibleText>
        </section>
      ) : null}
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'CreativeWork',
          name: heading(decision),
          abstract: decision.summary,
          datePublished: decision.publishedAt ?? undefined,
          creator: { '@type': 'GovernmentOrganization', name: decision.court },
          url: `${origin}${decisionPath(decision.id)}`,
        }}
      />
      <RemovalLink path={decisionPath(decision.id)} />
    </article>
  )
}
