import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { deadlineOf, requestByStatusToken } from '~/domain/removal/requests.server'
import { t } from '~/i18n/pt-BR'
import { formatInstant } from '~/lib/format'
import { seo } from '~/lib/seo'

const dateOf = (ms: number | null) => (ms ? formatInstant(ms, 'long') : null)

/**
 * `/remocao/acompanhar/{token}` (decisions/0066): the requester's private view of the request.
 * The token is the only key (only its hash is stored); the page is never cached nor indexed.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const row = await requestByStatusToken(context.deps, params.token ?? '')
  if (!row) throw data({ reason: 'page' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
  const confirmedNow = new URL(request.url).searchParams.get('confirmado') === '1'
  return data(
    {
      status: row.status,
      email: row.email,
      created: dateOf(row.createdAt),
      confirmed: dateOf(row.confirmedAt),
      deadline: row.confirmedAt ? dateOf(deadlineOf(row.confirmedAt)) : null,
      decided: dateOf(row.decidedAt),
      reason: row.status === 'recusada' ? row.decisionReason : null,
      pages: row.pages.map((page) => ({ path: page.path, title: page.title })),
      confirmedNow: confirmedNow && row.status === 'em_analise',
    },
    { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: MetaFunction = () => [
  ...seo({ title: t('removal.status.title') }),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
]

export default function RemovalStatusPage() {
  const d = useLoaderData<typeof loader>()
  return (
    <section className="page page--narrow removal-status" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('removal.status.title')}</h1>
      {d.confirmedNow ? (
        <p className="alert alert--notice" role="status">
          {t('removal.confirm.okBody')}
        </p>
      ) : null}
      <p className="removal-status__state" data-status={d.status}>
        <strong>{t(`removal.status.${d.status}`)}</strong>
      </p>
      {d.status === 'aguardando_email' ? <p>{t('removal.status.unconfirmed', { email: d.email })}</p> : null}
      <ul className="removal-status__dates">
        {d.created ? <li>{t('removal.status.created', { data: d.created })}</li> : null}
        {d.confirmed ? <li>{t('removal.status.confirmed', { data: d.confirmed })}</li> : null}
        {d.deadline && !d.decided ? <li>{t('removal.status.deadline', { data: d.deadline })}</li> : null}
        {d.decided ? <li>{t('removal.status.decided', { data: d.decided })}</li> : null}
      </ul>
      {d.reason ? <p>{t('removal.status.reason', { motivo: d.reason })}</p> : null}
      <h2>{t('removal.status.pages')}</h2>
      <ul>
        {d.pages.map((page) => (
          <li key={page.path}>
            <a href={page.path}>{page.title}</a>
          </li>
        ))}
      </ul>
      <p className="muted">{t('removal.status.keep')}</p>
    </section>
  )
}
