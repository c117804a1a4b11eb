import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { data } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { HitList } from '~/components/monitoring/hit-list'
import { describeMonitoring } from '~/domain/monitoring/describe.server'
import { getOwnMonitoring, HITS_PER_PAGE, listHits } from '~/domain/monitoring/monitorings.server'
import { getWebhook } from '~/domain/monitoring/webhooks.server'
import { getEmailPreferences } from '~/domain/notifications/email-preferences.server'
import { t } from '~/i18n/pt-BR'
import { formatDate, formatInstant } from '~/lib/format'
import { lawsuitPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { requireUser } from '~/server/guards.server'

/**
 * `/monitoramentos/{id}` (spec §2): with `?novo=true` right after creation, a confirmation of what
 * will be watched and how it will be delivered; always its hits, newest first, each with why.
 */
export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw data({ reason: 'page' }, { status: 404 })
  const monitoring = await getOwnMonitoring(context.deps, user.id, id)
  const url = new URL(request.url)
  const before = Number(url.searchParams.get('antes')) || null
  const [page, description, preferences, webhook] = await Promise.all([
    listHits(context.deps, id, before),
    describeMonitoring(context.deps, monitoring),
    getEmailPreferences(context.deps, user.id),
    getWebhook(context.deps, user.id),
  ])
  return {
    isNew: url.searchParams.get('novo') === 'true',
    monitoring: { id: monitoring.id, term: monitoring.term, kind: monitoring.kind },
    since: formatInstant(monitoring.createdAt),
    // The past is history, not alerts (decisions/0052): where to read it.
    historyUrl:
      monitoring.kind === 'processo'
        ? lawsuitPath(monitoring.cnj ?? '')
        : monitoring.kind === 'oab'
          ? `/intimacoes?${new URLSearchParams({ oab: monitoring.oab ?? '' })}`
          : `/busca?${new URLSearchParams({ q: monitoring.term })}`,
    description,
    emailMode: preferences.monitoramentos,
    webhookUrl: webhook.hook?.url ?? null,
    hits: page.hits.map((hit) => ({
      id: hit.id,
      title: hit.title,
      url: hit.url,
      date: hit.documentDate ? formatDate(hit.documentDate) : null,
      found: formatInstant(hit.createdAt),
      excerpt: hit.excerpt,
      reasons: hit.reasons,
      dismissed: hit.dismissedAt !== null,
      context: hit.contextKey,
    })),
    more: page.more,
    next: page.more ? (page.hits[HITS_PER_PAGE - 1]?.id ?? null) : null,
    paged: before !== null,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  ...seo({
    title: d ? `${t('monitoring.title')}: ${d.monitoring.term}` : t('monitoring.title'),
    description: t('monitoring.description'),
  }),
  { name: 'robots', content: 'noindex' },
]

export default function MonitoringPage() {
  const d = useLoaderData<typeof loader>()
  return (
    <section className="page monitoring-page" aria-labelledby="titulo-pagina">
      <p>
        <a href="/monitoramentos">{t('monitoring.page.back')}</a>
      </p>
      <p className="document__kicker">{t(`monitoring.kind.${d.monitoring.kind}`)}</p>
      <h1 id="titulo-pagina">{d.monitoring.term}</h1>
      {d.isNew ? (
        <p className="notice" role="status">
          {t('monitoring.page.new')}
        </p>
      ) : null}
      <div className="monitoring-summary">
        <section aria-labelledby="o-que">
          <h2 id="o-que">{t('monitoring.page.watch')}</h2>
          {d.description.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {d.monitoring.kind === 'oab' ? (
            <p>
              <a href={d.historyUrl}>{t('monitoring.page.seeIntimations')}</a>
            </p>
          ) : (
            <p>
              {t('monitoring.page.history', { desde: d.since })}{' '}
              <a href={d.historyUrl}>
                {d.monitoring.kind === 'processo'
                  ? t('monitoring.page.historyLawsuit')
                  : t('monitoring.page.historyName')}
              </a>
            </p>
          )}
        </section>
        <section aria-labelledby="como">
          <h2 id="como">{t('monitoring.page.delivery')}</h2>
          <ul>
            <li>{t('monitoring.page.deliveryBox')}</li>
            <li>
              {t('monitoring.page.deliveryEmail', {
                modo: t(`emailPrefs.mode.${d.emailMode}`).toLowerCase(),
              })}{' '}
              <a href="/conta/notificacoes">{t('emailPrefs.manage')}</a>
            </li>
            <li>
              {d.webhookUrl ? (
                t('monitoring.page.deliveryWebhook', { url: d.webhookUrl })
              ) : (
                <>
                  {t('monitoring.page.deliveryNoWebhook')}{' '}
                  <a href="/monitoramentos#webhook">{t('webhook.title')}</a>
                </>
              )}
            </li>
          </ul>
        </section>
      </div>
      {d.monitoring.kind === 'oab' ? null : (
        <HitList monitoringId={d.monitoring.id} hits={d.hits} next={d.next} paged={d.paged} />
      )}
    </section>
  )
}
