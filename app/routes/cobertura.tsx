import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { MonthlyChart } from '~/components/sources/monthly-chart'
import { type CoverageRow, coverage } from '~/domain/coverage/coverage.server'
import { mainOrigin } from '~/domain/site/host'
import { recordsPerMonth, sourcesFreshness } from '~/domain/sources/status.server'
import { t } from '~/i18n/pt-BR'
import { formatDate, formatInstant } from '~/lib/format'
import { seo } from '~/lib/seo'

const countFormat = new Intl.NumberFormat('pt-BR')

const dayOf = (iso: string | null) => (iso ? formatDate(iso) : '—')

type Shown = { key: string; name: string; period: string; ufs: string; count: string; updated: string }

function shown(row: CoverageRow, name = row.name): Shown {
  return {
    key: row.key,
    name,
    period: row.first ? `${dayOf(row.first)} – ${dayOf(row.last)}` : '—',
    ufs: row.ufs.length ? row.ufs.join(', ') : t('coverage.nationwide'),
    count: countFormat.format(row.count),
    updated: row.updatedAt ? formatInstant(row.updatedAt) : '—',
  }
}

/**
 * `/cobertura` (issue 30, decisions/0067): which sources, dates and UFs the search covers and when
 * each was last updated, computed from the corpus. Public, cached at the edge (page-rules).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const now = context.deps.now().getTime()
  const [data, fresh, chart] = await Promise.all([
    coverage(context.deps),
    sourcesFreshness(context.deps, now),
    recordsPerMonth(context.deps, now),
  ])
  return {
    // The public sources fetched on cron (issue 40): freshness per source and a monthly chart.
    sources: fresh.map((s) => ({
      id: s.id,
      name: s.name,
      last: s.lastSuccess ? formatInstant(s.lastSuccess) : t('sources.freshness.never'),
      lag: s.behindSince
        ? t('sources.freshness.behind', { data: formatDate(s.behindSince) })
        : t('sources.freshness.upToDate'),
      lastDay: countFormat.format(s.recordsLastDay),
      state: s.failing ? t('sources.freshness.failing') : t('sources.freshness.ok'),
      failing: s.failing,
    })),
    chart,
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
    computedAt: formatInstant(context.deps.now()),
    groups: [
      { title: t('coverage.group.diarios'), id: 'diarios', rows: data.gazettes.map((row) => shown(row)) },
      {
        title: t('coverage.group.processos'),
        id: 'processos',
        rows: data.lawsuits.map((row) => shown(row, t('coverage.court', { tribunal: row.name }))),
      },
      {
        title: t('coverage.group.outros'),
        id: 'outros',
        rows: [
          ...(data.legislation ? [shown(data.legislation, t('coverage.legislation'))] : []),
          ...data.caseLaw.map((row) => shown(row, t('coverage.caseLaw', { tribunal: row.name }))),
        ],
      },
    ].filter((group) => group.rows.length > 0),
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  seo({
    title: t('coverage.title'),
    description: t('coverage.intro'),
    canonical: d ? `${d.origin}/cobertura` : undefined,
  })

export default function CoveragePage() {
  const { groups, computedAt, sources, chart } = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow coverage-page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('coverage.title')}</h1>
      <p>{t('coverage.intro')}</p>
      {groups.length === 0 ? <p className="muted">{t('coverage.empty')}</p> : null}
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`cobertura-${group.id}`}>
          <h2 id={`cobertura-${group.id}`}>{group.title}</h2>
          <ul className="coverage-list">
            {group.rows.map((row) => (
              <li key={row.key} className="coverage-item" data-source={row.key}>
                <h3>{row.name}</h3>
                <dl>
                  <div>
                    <dt>{t('coverage.period')}</dt>
                    <dd>{row.period}</dd>
                  </div>
                  <div>
                    <dt>{t('coverage.ufs')}</dt>
                    <dd>{row.ufs}</dd>
                  </div>
                  <div>
                    <dt>{t('coverage.count')}</dt>
                    <dd>{row.count}</dd>
                  </div>
                  <div>
                    <dt>{t('coverage.updated')}</dt>
                    <dd>{row.updated}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="cobertura-fontes">
        <h2 id="cobertura-fontes">{t('sources.freshness.title')}</h2>
        <p>{t('sources.freshness.intro')}</p>
        <ul className="coverage-list">
          {sources.map((s) => (
            <li key={s.id} className="coverage-item" data-fonte={s.id}>
              <h3>{s.name}</h3>
              <dl>
                <div>
                  <dt>{t('sources.freshness.last')}</dt>
                  <dd>{s.last}</dd>
                </div>
                <div>
                  <dt>{t('sources.freshness.lag')}</dt>
                  <dd>{s.lag}</dd>
                </div>
                <div>
                  <dt>{t('sources.freshness.lastDay')}</dt>
                  <dd>{s.lastDay}</dd>
                </div>
                <div>
                  <dt>{t('sources.freshness.state')}</dt>
                  <dd data-falhando={s.failing ? 'sim' : 'nao'}>{s.state}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <MonthlyChart months={chart.months} series={chart.series} />
      </section>
      <p className="muted">{t('coverage.computed', { data: computedAt })}</p>
    </section>
  )
}
