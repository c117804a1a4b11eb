import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { latestStatutes } from '~/domain/corpus/read/documents.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { statutePath } from '~/lib/paths'
import { seo } from '~/lib/seo'

export async function loader({ context }: LoaderFunctionArgs) {
  return {
    statutes: await latestStatutes(context.deps),
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  seo({
    title: t('statute.index'),
    description: t('statute.indexLead'),
    canonical: d ? `${d.origin}/legislacao` : undefined,
  })

export default function StatuteIndex() {
  const { statutes } = useLoaderData<typeof loader>()
  return (
    <section className="document" aria-labelledby="leis-titulo">
      <h1 id="leis-titulo">{t('statute.index')}</h1>
      <p className="document__subtitle">{t('statute.indexLead')}</p>
      <ol className="gazette-list">
        {statutes.map((s) => (
          <li key={s.slug} className="gazette-item">
            <h2 className="gazette-item__title">
              <a href={statutePath(s.slug)}>{s.title}</a>
            </h2>
            <p className="gazette-item__excerpt">{s.summary}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
