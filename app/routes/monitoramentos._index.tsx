import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { routes } from '~/api/routes'
import { OabMonitoringForm } from '~/components/monitoring/oab-form'
import { WebhookSettings } from '~/components/monitoring/webhook-settings'
import { monitoringFilters, sourceNames } from '~/domain/monitoring/describe.server'
import { listMonitorings } from '~/domain/monitoring/monitorings.server'
import { getWebhook } from '~/domain/monitoring/webhooks.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { monitoringPath } from '~/lib/paths'
import { seo } from '~/lib/seo'
import { requireUser } from '~/server/guards.server'
import { DataTable } from '~/ui/data-table'

/** "14:32", or "14:32 de 26/11" when the retry is on another day. */
const nextAttempt = (at: number) =>
  formatInstant(at, 'dayMonth') === formatInstant(Date.now(), 'dayMonth')
    ? formatInstant(at, 'time')
    : t('webhook.otherDay', { hora: formatInstant(at, 'time'), dia: formatInstant(at, 'dayMonth') })

/** `/monitoramentos`: the user's monitorings as a data table (spec §7 "Delete table items"). */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const [rows, webhook] = await Promise.all([
    listMonitorings(context.deps, user.id),
    getWebhook(context.deps, user.id),
  ])
  return {
    rows: rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      term: m.term,
      // What tells two monitorings of one name apart (issue 28 §1).
      filters:
        m.kind === 'processo' || m.kind === 'oab'
          ? ''
          : [...monitoringFilters(m, m.city), sourceNames(m).join(', ')].join('; '),
      hits: m.hits,
      since: formatInstant(m.createdAt, 'date'),
    })),
    webhook: {
      hook: webhook.hook ? { url: webhook.hook.url, secret: webhook.hook.secret } : null,
      deliveries: webhook.deliveries.map((entry) => ({
        id: entry.id,
        key: entry.deliveryKey,
        event: entry.event,
        attempts: entry.attempts,
        state: entry.state,
        statusCode: entry.statusCode,
        error: entry.error,
        ms: entry.ms,
        when: formatInstant(entry.createdAt),
        nextAt: entry.state === 'pendente' && entry.nextAttemptAt ? nextAttempt(entry.nextAttemptAt) : null,
      })),
    },
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('monitoring.title'), description: t('monitoring.description') }),
  { name: 'robots', content: 'noindex' },
]

const hitsLabel = (n: number) =>
  plural(n, t('monitoring.hits.one'), t('monitoring.hits.many', { n }), t('monitoring.hitsNone'))

export default function MonitoringsPage() {
  const { rows, webhook } = useLoaderData<typeof loader>()
  return (
    <section className="page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('monitoring.title')}</h1>
      <p>{t('monitoring.description')}</p>
      <p>
        <a className="button" href="/monitoramentos/novo?campaign_id=29">
          {t('monitoring.newName')}
        </a>{' '}
        <a className="button button--secondary" href="/intimacoes">
          {t('intimations.title')}
        </a>{' '}
        <a className="button button--secondary" href="/prazos">
          {t('deadlines.title')}
        </a>
      </p>
      <OabMonitoringForm />
      {rows.length === 0 ? (
        <p className="muted">{t('monitoring.empty')}</p>
      ) : (
        <DataTable
          caption={t('monitoring.table')}
          rows={rows}
          endpoint={routes.monitoringsDelete}
          rowLabel={(row) => t('monitoring.rowLabel', { termo: row.term })}
          columns={[
            {
              header: t('monitoring.col.what'),
              cell: (row) => <a href={monitoringPath(row.id)}>{row.term}</a>,
            },
            { header: t('monitoring.col.kind'), cell: (row) => t(`monitoring.kind.${row.kind}`) },
            { header: t('monitoring.col.filters'), cell: (row) => row.filters || '—' },
            { header: t('monitoring.col.hits'), cell: (row) => hitsLabel(row.hits) },
            { header: t('monitoring.col.created'), cell: (row) => row.since },
          ]}
        />
      )}
      <WebhookSettings view={webhook} />
    </section>
  )
}
