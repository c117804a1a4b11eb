import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { readSearchRequest } from '~/domain/search/request'
import { PAGE_SIZE, type SearchCategory, search } from '~/domain/search/search.server'
import { mainOrigin } from '~/domain/site/host'
import { todayIso } from '~/lib/dates'

/** Loader shared by /busca, /jurisprudencia/busca and /legislacao/busca (spec §2). */
export async function searchLoader({ request, context }: LoaderFunctionArgs, fixed?: SearchCategory) {
  const url = new URL(request.url)
  const asked = url.searchParams.get('qo') ?? 't'
  // Case law and legislation have their own routes (spec §2); this also serves forms without JS.
  if (!fixed && (asked === 'jr' || asked === 'leis')) {
    const target = asked === 'jr' ? '/jurisprudencia/busca' : '/legislacao/busca'
    throw redirect(`${target}?${new URLSearchParams({ q: url.searchParams.get('q') ?? '' })}`)
  }
  const outcome = await search(context.deps, readSearchRequest(url.searchParams, todayIso(), fixed))
  return { outcome, pageSize: PAGE_SIZE, origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN) }
}
