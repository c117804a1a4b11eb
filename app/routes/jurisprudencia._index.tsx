import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { latestDecisions } from '~/domain/corpus/read/documents.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { formatDate } from '~/lib/format'
import { readableCase } from '~/lib/labels'
import { decisionPath } from '~/lib/paths'
import { truncateAtWord } from '~/lib/plain-text'
import { seo } from '~/lib/seo'

export async function loader({ context }: LoaderFunctionArgs) {
  return {
    decisions: await latestDecisions(context.deps),
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  seo({
    title: t('decision.index'),
    description: t('decision.indexLead'),
    canonical: d ? `${d.origin}/jurisprudencia` : undefined,
  })

export default function DecisionIndex() {
  const { decisions } = useLoaderData<typeof loader>()
  return (
    <section className="document" aria-labelledby="juris-titulo">
      <h1 id="juris-titulo">{t('decision.index')}</h1>
      <p className="document__subtitle">{t('decision.indexLead')}</p>
      <ol className="gazette-list">
        {decisions.map((d) => (
          <li key={d.id} className="gazette-item">
            <p className="gazette-item__meta">
              {[d.court, readableCase(d.className), formatDate(d.publishedAt)].filter(Boolean).join(' · ')}
            </p>
            <h2 className="gazette-item__title">
              <a href={decisionPath(d.id)}>{`${readableCase(d.className) ?? 'Decisão'} ${d.number}`}</a>
            </h2>
            <p className="gazette-item__excerpt">{truncateAtWord(d.summary, 240)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
