import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { dateFilterProblems } from '~/domain/search/filters'
import { MAX_QUERY_CHARS } from '~/domain/search/query'
import { readSearchRequest } from '~/domain/search/request'
import { PAGE_SIZE, type SearchCategory, search } from '~/domain/search/search.server'
import { mainOrigin } from '~/domain/site/host'
import { firstCodePoints } from '~/domain/suggestions/normalize'
import { isRefinement, recordSearch } from '~/domain/suggestions/popular.server'
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
  if (outcome.page === 1 && !isRefinement(request.headers.get('Referer'), outcome.query)) {
    // Counted after the answer, anonymously: the term only, never who searched (decisions/0013).
    const results = outcome.sections.reduce((sum, section) => sum + section.total, 0)
    const counted = recordSearch(context.deps, outcome.query, results).catch((error: unknown) =>
      console.error(JSON.stringify({ requestId: context.requestId, searchTerms: String(error) })),
    )
    context.cloudflare.ctx.waitUntil(counted)
  }
  return {
    outcome,
    pageSize: PAGE_SIZE,
    origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN),
    dateProblems: dateFilterProblems(url.searchParams, outcome.category, today),
  }
}
