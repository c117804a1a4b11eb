import { data, type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { dateFilterProblems } from '~/domain/search/filters'
import { MAX_QUERY_CHARS } from '~/domain/search/query'
import { readSearchRequest } from '~/domain/search/request'
import { PAGE_SIZE, type SearchCategory, search } from '~/domain/search/search.server'
import { mainOrigin } from '~/domain/site/host'
import { firstCodePoints } from '~/domain/suggestion-lists/keys'
import { searchCountHeaders } from '~/domain/suggestions/search-count'
import { todayIso } from '~/lib/dates'

/** Loader shared by /busca, /jurisprudencia/busca and /legislacao/busca (spec §2). */
export async function searchLoader({ request, context }: LoaderFunctionArgs, fixed?: SearchCategory) {
  const url = new URL(request.url)
  const asked = url.searchParams.get('qo') ?? 't'
  // Case law and legislation have their own routes (spec §2); this also serves forms without JS.
  if (!fixed && (asked === 'jr' || asked === 'leis')) {
    const target = asked === 'jr' ? '/jurisprudencia/busca' : '/legislacao/busca'
    // The search reads at most MAX_QUERY_CHARS: carrying more only reflects a huge Location.
    const q = firstCodePoints(url.searchParams.get('q') ?? '', MAX_QUERY_CHARS)
    throw redirect(`${target}?${new URLSearchParams({ q })}`)
  }
  const today = todayIso()
  const outcome = await search(context.deps, readSearchRequest(url.searchParams, today, fixed))
  const payload = {
    outcome,
    pageSize: PAGE_SIZE,
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
    dateProblems: dateFilterProblems(url.searchParams, outcome.category, today),
  }
  if (outcome.page !== 1) return data(payload)
  // A first page is counted by the Worker after the answer, also when the edge cache serves it
  // (workers/middleware/search-count.ts): the page carries its term and result total for that.
  const results = outcome.sections.reduce((sum, section) => sum + section.total, 0)
  return data(payload, { headers: searchCountHeaders(outcome.query, results) })
}
