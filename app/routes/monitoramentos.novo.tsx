import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { NameMonitoringForm } from '~/components/monitoring/name-form'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { MONITORING_SOURCES, NAME_BUTTON_REF, NAME_CAMPAIGN_ID } from '~/schemas/monitoring'
import { requireUser } from '~/server/guards.server'

/**
 * `/monitoramentos/novo?campaign_id=29` (spec §2, §7 "Name monitoring"): opened by GET with `tipo`,
 * `termo`, `ref` and `origem_criacao`, already filled. Monitoring is a gated action: an anonymous
 * visitor logs in and comes back here with the same parameters.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  requireUser(context, request)
  const params = new URL(request.url).searchParams
  const text = (name: string, max: number) => (params.get(name) ?? '').trim().slice(0, max)
  return {
    defaults: {
      tipo: text('tipo', 10) === 'termo' ? ('termo' as const) : ('nome' as const),
      termo: text('termo', 120),
      modo: 'exato' as const,
      fontes: [...MONITORING_SOURCES],
      origem_criacao: text('origem_criacao', 80),
      campaign_id: text('campaign_id', 10) || NAME_CAMPAIGN_ID,
      ref: text('ref', 80) || NAME_BUTTON_REF,
    },
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('monitoring.form.title'), description: t('monitoring.form.intro') }),
  { name: 'robots', content: 'noindex' },
]

export default function NewMonitoringPage() {
  const { defaults } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow" aria-labelledby="titulo-pagina">
      <p>
        <a href="/monitoramentos">{t('monitoring.page.back')}</a>
      </p>
      <h1 id="titulo-pagina">{t('monitoring.form.title')}</h1>
      <p>{t('monitoring.form.intro')}</p>
      <NameMonitoringForm defaults={defaults} />
    </section>
  )
}
