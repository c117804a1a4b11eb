import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'
import { categoryLabel, SearchResults } from '~/components/search/search-results'
import { SearchForm } from '~/components/search-form'
import { t } from '~/i18n/pt-BR'
import { seo } from '~/lib/seo'
import { searchLoader } from '~/server/search-loader.server'

export const loader = (args: LoaderFunctionArgs) => searchLoader(args)

/** The term and total the Worker counts the search by (workers/middleware/search-count.ts). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: MetaFunction<typeof loader> = ({ data: d }) => {
  if (!d) return []
  const { query, category } = d.outcome
  const title = query.trim()
    ? t('search.title', { q: query.trim().slice(0, 80), categoria: categoryLabel(category) })
    : t('search.submit')
  return [...seo({ title }), { name: 'robots', content: 'noindex, follow' }]
}

/** Server-rendered results; works without JavaScript (spec §2). */
export default function SearchPage() {
  const { outcome, pageSize, origin, dateProblems } = useLoaderData<typeof loader>()
  return (
    <div className="search-page">
      <h1 className="visually-hidden">{t('search.submit')}</h1>
      <SearchForm
        mainOrigin={origin}
        id="pagina-busca"
        defaultQuery={outcome.query}
        defaultCategory={outcome.category}
      />
      <SearchResults outcome={outcome} pageSize={pageSize} dateProblems={dateProblems} />
    </div>
  )
}
