import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { sourceRoutes } from '~/api/area-routes/sources'
import { sourcesReview } from '~/domain/sources/status.server'
import { plural } from '~/i18n/plural'
import { t } from '~/i18n/pt-BR'
import { formatDate, formatInstant } from '~/lib/format'
import { seo } from '~/lib/seo'
import { requireRole } from '~/server/guards.server'
import { routePath } from '~/ui/call'

const countFormat = new Intl.NumberFormat('pt-BR')

/**
 * `/revisao/fontes` (issue 40, decisions/0100): each public source's manners and budget, its
 * cursors, its latest jobs and its dead letters with "Tentar de novo". Reviewers only.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  await requireRole(context, request, 'revisor')
  const sources = await sourcesReview(context.deps)
  const job = (j: (typeof sources)[number]['recent'][number]) => ({
    id: j.id,
    key: j.key,
    state: t(`sources.review.state.${j.status}`),
    page: j.page + 1,
    records: countFormat.format(j.records),
    skipped: countFormat.format(j.skipped),
    skips: (j.skips ?? []).map((s) => s.reason).join('; '),
    updated: formatInstant(j.updatedAt),
    error: j.lastError ?? '',
    attempts: j.attempts,
  })
  return {
    sources: sources.map((s) => ({
      id: s.id,
      name: s.name,
      manners: plural(
        s.perMinute,
        t('sources.review.manners.one', {
          n: s.perMinute,
          paginacao: s.paging,
        }),
        t('sources.review.manners.many', {
          n: s.perMinute,
          paginacao: s.paging,
        }),
      ),
      budget: `${plural(
        s.budget.jobsPerTick,
        t('sources.review.budgetJobs.one', {
          tick: s.budget.jobsPerTick,
          dia: countFormat.format(s.budget.jobsPerDay),
        }),
        t('sources.review.budgetJobs.many', {
          tick: s.budget.jobsPerTick,
          dia: countFormat.format(s.budget.jobsPerDay),
        }),
      )} ${plural(
        s.budget.pagesPerJob,
        t('sources.review.budgetPages.one', {
          paginas: s.budget.pagesPerJob,
        }),
        t('sources.review.budgetPages.many', {
          paginas: s.budget.pagesPerJob,
        }),
      )}`,
      cursors: s.cursors.map((c) =>
        t('sources.review.cursor', { escopo: c.scope, data: formatDate(c.upTo) }),
      ),
      recent: s.recent.map(job),
      dead: s.dead.map(job),
    })),
  }
}

export const meta: MetaFunction = () => [
  ...seo({ title: t('sources.review.title'), description: t('sources.review.intro') }),
  { name: 'robots', content: 'noindex' },
]

export default function SourcesReviewPage() {
  const { sources } = useLoaderData<typeof loader>()
  return (
    <section className="page review-page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('sources.review.title')}</h1>
      <p>{t('sources.review.intro')}</p>
      {sources.map((source) => (
        <section key={source.id} aria-labelledby={`fonte-${source.id}`} data-fonte={source.id}>
          <h2 id={`fonte-${source.id}`}>{source.name}</h2>
          <p>{source.manners}</p>
          <p>{source.budget}</p>
          <h3>{t('sources.review.cursors')}</h3>
          {source.cursors.length ? (
            <ul>
              {source.cursors.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('sources.review.noCursors')}</p>
          )}
          <h3>{t('sources.review.dead')}</h3>
          {source.dead.length ? (
            <ul className="review-list">
              {source.dead.map((j) => (
                <li key={j.id} className="review-item" data-trabalho={j.id}>
                  <p>
                    {plural(
                      j.attempts,
                      t('sources.review.deadItem.one', {
                        trabalho: j.key,
                        erro: j.error,
                        tentativas: j.attempts,
                      }),
                      t('sources.review.deadItem.many', {
                        trabalho: j.key,
                        erro: j.error,
                        tentativas: j.attempts,
                      }),
                    )}
                  </p>
                  <form
                    method="post"
                    action={routePath(sourceRoutes.sourceRetry, { id: j.id })}
                    aria-label={t('sources.review.retryLabel', { trabalho: j.key })}
                  >
                    <button type="submit" className="button">
                      {t('sources.review.retry')}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('sources.review.noDead')}</p>
          )}
          <h3>{t('sources.review.jobs')}</h3>
          {source.recent.length ? (
            <div className="table-scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('sources.review.col.job')}</th>
                    <th scope="col">{t('sources.review.col.state')}</th>
                    <th scope="col">{t('sources.review.col.page')}</th>
                    <th scope="col">{t('sources.review.col.records')}</th>
                    <th scope="col">{t('sources.review.col.skipped')}</th>
                    <th scope="col">{t('sources.review.col.updated')}</th>
                    <th scope="col">{t('sources.review.col.error')}</th>
                  </tr>
                </thead>
                <tbody>
                  {source.recent.map((j) => (
                    <tr key={j.id}>
                      <td>{j.key}</td>
                      <td>{j.state}</td>
                      <td>{j.page}</td>
                      <td>{j.records}</td>
                      <td title={j.skips ? t('sources.review.skips', { motivos: j.skips }) : undefined}>
                        {j.skipped}
                      </td>
                      <td>{j.updated}</td>
                      <td>{j.error}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted">{t('sources.review.noJobs')}</p>
          )}
        </section>
      ))}
    </section>
  )
}
