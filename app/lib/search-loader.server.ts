import { type LoaderFunctionArgs, redirect } from '@remix-run/cloudflare'
import { PAGE_SIZE, SEARCH_CATEGORIES, type SearchCategory, search } from '~/domain/search/search.server'
import { mainOrigin } from '~/domain/site/host'

/** Loader shared by /busca, /jurisprudencia/busca and /legislacao/busca (spec §2). */
export async function searchLoader({ request, context }: LoaderFunctionArgs, fixed?: SearchCategory) {
  const url = new URL(request.url)
  const asked = url.searchParams.get('qo') ?? 't'
  // Case law and legislation have their own routes (spec §2); this also serves forms without JS.
  if (!fixed && (asked === 'jr' || asked === 'leis')) {
    const target = asked === 'jr' ? '/jurisprudencia/busca' : '/legislacao/busca'
    throw redirect(`${target}?${new URLSearchParams({ q: url.searchParams.get('q') ?? '' })}`)
  }
  const known = (SEARCH_CATEGORIES as readonly string[]).includes(asked)
  const category: SearchCategory = fixed ?? (known ? (asked as SearchCategory) : 't')
  const page = Math.max(1, Math.min(100, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const outcome = await search(context.deps, { q: url.searchParams.get('q') ?? '', category, page })
  return { outcome, pageSize: PAGE_SIZE, origin: mainOrigin(context.cloudflare.env.BASE_DOMAIN) }
}
