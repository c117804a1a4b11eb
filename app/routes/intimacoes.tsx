import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { IntimationCard } from '~/components/intimations/intimation-card'
import { IntimationFilters } from '~/components/intimations/intimation-filters'
import { filterChoices, listIntimations } from '~/domain/intimations/intimations.server'
import { t } from '~/i18n/pt-BR'
import { formatCnj } from '~/lib/cnj'
import { seo } from '~/lib/seo'
import { readFilters } from '~/schemas/intimations'
import { requireUser } from '~/server/guards.server'
import { filterQuery, intimationView } from '~/server/intimations.server'
import deadlinesCss from '~/styles/deadlines.css?url'
import intimationsCss from '~/styles/intimations.css?url'

/**
 * `/intimacoes` (issue 41 §1): the person's intimações, newest first, filtered by OAB, court and
 * lawsuit; each with its text, lawsuit link and deadline, "cumprido" and the correction. Only her own.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireUser(context, request)
  const url = new URL(request.url)
  const filters = readFilters(url.searchParams)
  const page = Math.min(Math.max(1, Number(url.searchParams.get('pagina')) || 1), 1000)
  const [list, choices] = await Promise.all([
    listIntimations(context.deps, user.id, filters, page),
    filterChoices(context.deps, user.id),
  ])
  const query = filterQuery(filters)
  return {
    // The whole count for its "Detalhamento da contagem" (only this page draws it).
    items: list.items.map((row) => ({ ...intimationView(row), breakdown: row.deadline })),
    next: list.more
      ? `/intimacoes?${new URLSearchParams([...new URLSearchParams(query), ['pagina', String(page + 1)]])}`
      : null,
    choices,
    values: {
      oab: filters.oab ?? '',
      tribunal: filters.tribunal ?? '',
      processo: filters.processo ? formatCnj(filters.processo) : '',
    },
    filtered: query !== '',
  }
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: intimationsCss },
  { rel: 'stylesheet', href: deadlinesCss },
]

export const meta: MetaFunction = () => [
  ...seo({ title: t('intimations.title'), description: t('intimations.description') }),
  { name: 'robots', content: 'noindex' },
]

export default function IntimationsPage() {
  const d = useLoaderData<typeof loader>()
  return (
    <section className="page" aria-labelledby="titulo-pagina">
      <h1 id="titulo-pagina">{t('intimations.title')}</h1>
      <p>{t('intimations.description')}</p>
      <p>
        <a href="/prazos">{t('intimations.seeDeadlines')}</a>
        {' · '}
        <a href="/monitoramentos#monitorar-oab">{t('intimations.addOab')}</a>
      </p>
      {d.choices.oabs.length === 0 ? <p className="notice">{t('intimations.noOab')}</p> : null}
      <IntimationFilters action="/intimacoes" choices={d.choices} values={d.values} />
      {d.items.length === 0 ? (
        <p className="muted">{d.filtered ? t('intimations.emptyFiltered') : t('intimations.empty')}</p>
      ) : (
        <ol className="intimations">
          {d.items.map((view) => (
            <li key={view.id}>
              <IntimationCard view={view} />
            </li>
          ))}
        </ol>
      )}
      {d.next ? (
        <nav className="pagination" aria-label={t('intimations.title')}>
          <a href={d.next}>{t('intimations.more')}</a>
        </nav>
      ) : null}
    </section>
  )
}
