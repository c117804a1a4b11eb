import type { AppLoadContext } from '@remix-run/cloudflare'
import { DIRECTORY_PAGE_SIZE, loadDirectoryPage } from '~/domain/directory/directory.server'
import { directoryPath } from '~/domain/directory/urls'
import { foldSlug, redirectToCanonical } from './canonical.server'

/** `page` (spec §2): a positive page number; anything else reads as the first page. */
export function readPage(url: URL): number {
  const raw = url.searchParams.get('page') ?? ''
  return /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1
}

/**
 * The loader of the three list routes (`/{profissão}`, `/{profissão}/{cidade}`,
 * `/cidade/{cidade}`). An unknown slug or a page past the end is the DomainError's 404 page.
 */
export async function directoryListLoader(
  context: AppLoadContext,
  request: Request,
  slugs: { profession?: string; city?: string },
) {
  const page = readPage(new URL(request.url))
  // "/Advogado/Recife-PE" and "/advogado/recife-pé" find the page, then move to its address.
  const folded = {
    ...(slugs.profession === undefined ? {} : { profession: foldSlug(slugs.profession) }),
    ...(slugs.city === undefined ? {} : { city: foldSlug(slugs.city) }),
  }
  const list = await loadDirectoryPage(context.deps, { ...folded, page }, context.user?.id ?? null)
  const path = (n: number) =>
    directoryPath({ profession: list.profession?.slug, city: list.city?.slug, page: n })
  redirectToCanonical(request, directoryPath({ profession: list.profession?.slug, city: list.city?.slug }))
  return {
    ...list,
    perPage: DIRECTORY_PAGE_SIZE,
    // Each page is its own document: page 2 keeps `?page=2`, page 1 never has it.
    canonical: `${context.deps.origin}${path(list.page)}`,
    origin: context.deps.origin,
  }
}

export type DirectoryListData = Awaited<ReturnType<typeof directoryListLoader>>
