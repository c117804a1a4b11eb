import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { listGazettes } from '~/domain/corpus/read/gazettes.server'
import { mainOrigin } from '~/domain/site/host'
import { t } from '~/i18n/pt-BR'
import { gazettePath } from '~/lib/paths'
import { seo } from '~/lib/seo'

const SPHERES = {
  federal: 'Federais',
  judiciario: 'Da Justiça',
  estadual: 'Estaduais',
  municipal: 'Municipais',
} as const

export async function loader({ context }: LoaderFunctionArgs) {
  return {
    gazettes: await listGazettes(context.deps),
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  seo({
    title: t('gazette.index'),
    description: t('gazette.indexLead'),
    canonical: d ? `${d.origin}/diarios` : undefined,
  })

export default function GazetteIndex() {
  const { gazettes } = useLoaderData<typeof loader>()
  return (
    <section className="document" aria-labelledby="diarios-titulo">
      <h1 id="diarios-titulo">{t('gazette.index')}</h1>
      <p className="document__subtitle">{t('gazette.indexLead')}</p>
      {(Object.keys(SPHERES) as (keyof typeof SPHERES)[]).map((sphere) => {
        const list = gazettes.filter((g) => g.sphere === sphere)
        return list.length ? (
          <section key={sphere} aria-labelledby={`esfera-${sphere}`}>
            <h2 id={`esfera-${sphere}`}>{SPHERES[sphere]}</h2>
            <ul className="plain-list">
              {list.map((g) => (
                <li key={g.slug}>
                  <a href={gazettePath(g.slug)}>{g.name}</a>
                </li>
              ))}
            </ul>
          </section>
        ) : null
      })}
    </section>
  )
}
